import { useRoles } from '../../../features/roles/api/get-roles.ts'
import { UsersPanel } from '../../../features/users/components/users-panel.tsx'
import { useAdminUser } from './use-admin-user.ts'

/** Users (/users, spec: admin-console-part-2 §2): the users feature, with the role choices from the roles list. */
export function UsersPage() {
  const user = useAdminUser()
  const roles = useRoles()
  return <UsersPanel roles={roles.data ?? []} currentUserId={user.id} />
}
