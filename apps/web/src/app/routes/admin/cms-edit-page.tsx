import { useParams } from 'react-router'
import { ContentPanel } from '../../../features/locations/components/content-panel.tsx'

/** Location CMS content edit (/locations/{location_code}/cms_edit, spec: admin-console-part-1 §2). */
export function CmsEditPage() {
  const { location_code: locationCode = '' } = useParams()
  return <ContentPanel key={locationCode} locationCode={locationCode} />
}
