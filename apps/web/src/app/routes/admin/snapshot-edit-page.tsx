import { Badge, Select } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useNavigate, useParams } from 'react-router'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { useNotFoundRedirect } from '../../../components/ui/not-found-redirect.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useFacilityDetails } from '../../../features/facilities/api/get-facility-details.ts'
import { useSnapshotFacilities } from '../../../features/facilities/api/get-snapshot-facilities.ts'
import { SnapshotEditor } from '../../../features/facilities/components/snapshot-editor.tsx'

/** /snapshot/{slug} (spec: admin-console-part-2 §2, §8): a failed load shows the server's message and returns to /snapshot. */
export function SnapshotEditPage() {
  const { slug = '' } = useParams()
  const navigate = useNavigate()
  const facilities = useSnapshotFacilities()
  const location = facilities.data?.find((candidate) => candidate.slug.toLowerCase() === slug.toLowerCase())
  const details = useFacilityDetails(location?.location_code)
  const loadError = facilities.isError
    ? facilities.error.message
    : facilities.data && !location
      ? `No facility with the address /snapshot/${slug}.`
      : details.isError
        ? details.error.message
        : null
  useNotFoundRedirect(loadError, '/snapshot')

  if (location && isOtherCase(slug, location.slug)) return <CanonicalRedirect typed={slug} canonical={location.slug} />
  if (!details.data || loadError) return <PageLoader label="Loading facility snapshot…" />
  const facility = details.data
  return (
    <SnapshotEditor
      key={facility.location_code}
      facility={facility}
      header={
        <PageHeader
          back={{ to: '/snapshot', label: 'All facility snapshots' }}
          title={facility.name}
          badge={
            <Badge variant="outline" color="harbor" radius="sm">
              {facility.location_code}
            </Badge>
          }
          actions={
            <Select
              aria-label="Search facilities"
              placeholder="Search facilities…"
              leftSection={<IconSearch size={18} aria-hidden />}
              searchable
              nothingFoundMessage="No facility found"
              data={(facilities.data ?? []).map((candidate) => ({
                value: candidate.slug,
                label: `${candidate.location_code} · ${candidate.name}`,
              }))}
              value={null}
              onChange={(next) => {
                if (next && next !== slug) void navigate(`/snapshot/${next}`)
              }}
              w={{ base: '100%', xs: 340 }}
            />
          }
        />
      }
    />
  )
}
