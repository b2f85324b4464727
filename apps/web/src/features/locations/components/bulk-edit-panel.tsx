import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'
import { useBulkEditRows } from '../api/get-bulk-edit-rows.ts'
import { BulkEditTable } from './bulk-edit-table.tsx'

/** The Location Bulk Edit screen (/locations_bulk_edit): heading, loading and error states, then the editable table. */
export function BulkEditPanel() {
  const rows = useBulkEditRows()
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/locations" fz="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Locations
          </Group>
        </Anchor>
        <Title order={1} fz="h2">
          Location Bulk Edit
        </Title>
        <Text c="gray.7" fz="sm">
          Reservation window and page settings of every location. Nothing is saved until Update All Pages.
        </Text>
      </div>
      {rows.isPending && (
        <Stack>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      )}
      {rows.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {rows.error.message}
        </Alert>
      )}
      {rows.data && <BulkEditTable initialRows={rows.data} />}
    </Stack>
  )
}
