import { FileManagement } from '../../../features/files/components/file-management.tsx'

export function FileManagementPage() {
  return <FileManagement />
}
