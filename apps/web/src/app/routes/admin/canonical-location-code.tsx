import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useLocationByCode } from '../../../features/facilities/api/get-location-by-code.ts'

/**
 * A location's screen (/locations/{location_code}/cms_edit, map_edit, unit_types) by its code in any case: another
 * case leads to the location's own code (issue 34); an unknown code is the screen's to refuse.
 */
export function CanonicalLocationCode({ children }: { children: (locationCode: string) => ReactNode }) {
  const { location_code: typed = '' } = useParams()
  const location = useLocationByCode(typed)
  if (location.isPending) return <PageLoader label="Loading location…" />
  if (location.data && isOtherCase(typed, location.data.location_code))
    return <CanonicalRedirect typed={typed} canonical={location.data.location_code} />
  return children(typed)
}
