import { Stack } from '@mantine/core'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { useBulkEditRows } from '../api/get-bulk-edit-rows.ts'
import { BulkEditTable } from './bulk-edit-table.tsx'

export function BulkEditPanel() {
  const rows = useBulkEditRows()
  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: '/locations', label: 'Locations' }}
        title="Location Bulk Edit"
        description="Reservation window and page settings of every location. Nothing is saved until Update All Pages."
      />
      {rows.isPending && <SkeletonRows label="Loading locations…" rows={5} rowHeight={44} />}
      <FormError message={rows.error?.message} title="The locations could not be loaded" />
      {rows.data && <BulkEditTable initialRows={rows.data} />}
    </Stack>
  )
}
