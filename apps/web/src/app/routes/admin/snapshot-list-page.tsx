import { Stack } from '@mantine/core'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SnapshotFacilityTable } from '../../../features/facilities/components/snapshot-facility-table.tsx'

export function SnapshotListPage() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Facility Snapshots"
        description="The facility details the field tool shows. Choose a facility to edit its snapshot."
      />
      <SnapshotFacilityTable />
    </Stack>
  )
}
