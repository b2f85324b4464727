import { FileManagement } from '../../../features/files/components/file-management.tsx'

/** /file-management (spec: admin-console-part-2 §2). */
export function FileManagementPage() {
  return <FileManagement />
}
