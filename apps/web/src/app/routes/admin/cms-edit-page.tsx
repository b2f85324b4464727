import { useParams } from 'react-router'
import { ContentPanel } from '../../../features/locations/components/content-panel.tsx'

export function CmsEditPage() {
  const { location_code: locationCode = '' } = useParams()
  return <ContentPanel key={locationCode} locationCode={locationCode} />
}
