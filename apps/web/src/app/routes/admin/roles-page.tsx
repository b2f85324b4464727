import { RolesPanel } from '../../../features/roles/components/roles-panel.tsx'

/** User Roles (/roles, superadmin only, spec: admin-console-part-2 §2). */
export function RolesPage() {
  return <RolesPanel />
}
