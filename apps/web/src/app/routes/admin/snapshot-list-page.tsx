import { Stack } from '@mantine/core'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { useSnapshotFacilities } from '../../../features/facilities/api/get-snapshot-facilities.ts'
import { SnapshotFacilityTable } from '../../../features/facilities/components/snapshot-facility-table.tsx'

export function SnapshotListPage() {
  const facilities = useSnapshotFacilities()
  return (
    <Stack gap="md">
      <PageHeader
        title="Facility Snapshots"
        description="The facility details the field tool shows. Choose a facility to edit its snapshot."
      />
      {facilities.isPending && <SkeletonRows label="Loading facilities" rows={5} rowHeight={36} />}
      <FormError message={facilities.error?.message} title="The facilities could not be loaded" />
      {facilities.data && <SnapshotFacilityTable facilities={facilities.data} />}
    </Stack>
  )
}
