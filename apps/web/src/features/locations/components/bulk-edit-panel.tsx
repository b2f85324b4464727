import { Stack } from '@mantine/core'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { BulkEditTable } from './bulk-edit-table.tsx'

export function BulkEditPanel() {
  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: '/locations', label: 'Locations' }}
        title="Location Bulk Edit"
        description="Reservation window and page settings of every location. Nothing is saved until Update All Pages."
      />
      <BulkEditTable />
    </Stack>
  )
}
