import { useEffect } from 'react'
import { Anchor, Badge, Group, Select, Stack, Title } from '@mantine/core'
import { IconArrowLeft, IconSearch } from '@tabler/icons-react'
import { Link, useNavigate, useParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { showToast } from '../../../lib/toast.ts'
import { useFacilityDetails } from '../../../features/facilities/api/get-facility-details.ts'
import { useSnapshotFacilities } from '../../../features/facilities/api/get-snapshot-facilities.ts'
import { SnapshotEditor } from '../../../features/facilities/components/snapshot-editor.tsx'

/**
 * /snapshot/{slug} (spec: admin-console-part-2 §2, §8): the facility is found by slug and its snapshot
 * loaded by location code; a failed load shows the server's message and returns to /snapshot. A search
 * box jumps to another facility; the top bar's 'Back To Main Page' leads home (both ask first when edits
 * are unsaved).
 */
export function SnapshotEditPage() {
  const { slug = '' } = useParams()
  const navigate = useNavigate()
  const facilities = useSnapshotFacilities()
  const location = facilities.data?.find((candidate) => candidate.slug === slug)
  const details = useFacilityDetails(location?.location_code)
  const loadError = facilities.isError
    ? facilities.error.message
    : facilities.data && !location
      ? `No facility with the address /snapshot/${slug}.`
      : details.isError
        ? details.error.message
        : null

  useEffect(() => {
    if (!loadError) return
    showToast(loadError, 'error')
    void navigate('/snapshot', { replace: true })
  }, [loadError, navigate])

  if (!details.data || loadError) return <PageLoader label="Loading facility snapshot…" />
  const facility = details.data
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to="/snapshot" fz="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            All facility snapshots
          </Group>
        </Anchor>
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
      </Group>
      <SnapshotEditor
        key={facility.location_code}
        facility={facility}
        header={
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz="h2">
              {facility.name}
            </Title>
            <Badge variant="outline" color="harbor" radius="sm">
              {facility.location_code}
            </Badge>
          </Group>
        }
      />
    </Stack>
  )
}
