import { BulkEditPanel } from '../../../features/locations/components/bulk-edit-panel.tsx'

/** Location Bulk Edit (/locations_bulk_edit, spec: admin-console-part-1 §2, admin-console-part-2 §2). */
export function LocationsBulkEditPage() {
  return <BulkEditPanel />
}
