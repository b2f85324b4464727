import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useSnapshotFacilities } from '../../../features/facilities/api/get-snapshot-facilities.ts'
import { SnapshotFacilityTable } from '../../../features/facilities/components/snapshot-facility-table.tsx'

/** /snapshot (spec: admin-console-part-2 §2): the facilities whose snapshot staff edit. */
export function SnapshotListPage() {
  const facilities = useSnapshotFacilities()
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Facility Snapshots
        </Title>
        <Text c="gray.7" fz="sm">
          The facility details the field tool shows. Choose a facility to edit its snapshot.
        </Text>
      </div>
      {facilities.isPending && (
        <Stack aria-label="Loading facilities">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} h={36} />
          ))}
        </Stack>
      )}
      {facilities.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title="The facilities could not be loaded"
        >
          {facilities.error.message}
        </Alert>
      )}
      {facilities.data && <SnapshotFacilityTable facilities={facilities.data} />}
    </Stack>
  )
}
