import { Badge, Group, Text } from '@mantine/core'
import type { UserRecord } from '@storageops/contracts/users'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { RowActions } from '../../../components/ui/row-actions.tsx'

function RoleCell({ user }: { user: UserRecord }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="sm">{user.role?.name ?? '—'}</Text>
      {user.disabled && (
        <Badge color="gray" c="gray.9" variant="light" size="sm">
          Disabled
        </Badge>
      )}
      {user.is_clerk_role && (
        <Badge color="grape" c="grape.9" variant="light" size="sm">
          Clerk
        </Badge>
      )}
    </Group>
  )
}

export function UsersTable({
  users,
  currentUserId,
  onEdit,
  onDelete,
}: {
  users: UserRecord[]
  currentUserId: number | undefined
  onEdit: (user: UserRecord) => void
  onDelete: (user: UserRecord) => void
}) {
  return (
    <ResponsiveTable
      label="Users"
      rows={users}
      rowKey={(user) => user.id}
      columns={[
        { key: 'firstName', header: 'First name', cell: (user) => user.firstName || '—' },
        { key: 'lastName', header: 'Last name', cell: (user) => user.lastName || '—' },
        { key: 'email', header: 'Email', cell: (user) => user.email },
        { key: 'role', header: 'Role', cell: (user) => <RoleCell user={user} /> },
      ]}
      card={(user) => (
        <>
          <Text fw={600}>{[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}</Text>
          <Text fz="sm" c="gray.7" truncate>
            {user.email}
          </Text>
          <RoleCell user={user} />
        </>
      )}
      actions={(user) => (
        <RowActions
          subject={user.email}
          onEdit={() => onEdit(user)}
          onDelete={() => onDelete(user)}
          deleteDisabled={user.id === currentUserId ? "You can't delete your own account" : undefined}
        />
      )}
    />
  )
}
