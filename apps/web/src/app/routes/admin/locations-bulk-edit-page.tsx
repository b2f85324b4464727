import { BulkEditPanel } from '../../../features/locations/components/bulk-edit-panel.tsx'

export function LocationsBulkEditPage() {
  return <BulkEditPanel />
}
