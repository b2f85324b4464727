import { useRoles } from '../../../features/roles/api/get-roles.ts'
import { UsersPanel } from '../../../features/users/components/users-panel.tsx'
import { useAdminUser } from './use-admin-user.ts'

export function UsersPage() {
  const user = useAdminUser()
  const roles = useRoles()
  return <UsersPanel roles={roles.data ?? []} currentUserId={user.id} />
}
