import { ContentPanel } from '../../../features/locations/components/content-panel.tsx'
import { CanonicalLocationCode } from './canonical-location-code.tsx'

export function CmsEditPage() {
  return (
    <CanonicalLocationCode>
      {(locationCode) => <ContentPanel key={locationCode} locationCode={locationCode} />}
    </CanonicalLocationCode>
  )
}
