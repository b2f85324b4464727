import { RolesPanel } from '../../../features/roles/components/roles-panel.tsx'

export function RolesPage() {
  return <RolesPanel />
}
