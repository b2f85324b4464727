import { ActionIcon, Badge, Card, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { UserRecord } from '@storageops/contracts/users'

interface UsersTableProps {
  users: UserRecord[]
  currentUserId: number | undefined
  onEdit: (user: UserRecord) => void
  onDelete: (user: UserRecord) => void
}

function UserActions({
  user,
  isSelf,
  onEdit,
  onDelete,
}: {
  user: UserRecord
  isSelf: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Edit ${user.email}`} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={isSelf ? "You can't delete your own account" : 'Delete'}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Delete ${user.email}`}
          onClick={onDelete}
          disabled={isSelf}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

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

/**
 * The Users table (spec: admin-console-part-2 §2): first name, last name, email and role, with edit and
 * delete per user. On a phone each user is a card.
 */
export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  return (
    <>
      <Paper withBorder radius="md" visibleFrom="sm">
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>First name</Table.Th>
                <Table.Th>Last name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.firstName || '—'}</Table.Td>
                  <Table.Td>{user.lastName || '—'}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <RoleCell user={user} />
                  </Table.Td>
                  <Table.Td>
                    <UserActions
                      user={user}
                      isSelf={user.id === currentUserId}
                      onEdit={() => onEdit(user)}
                      onDelete={() => onDelete(user)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
        {users.map((user) => (
          <Card key={user.id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}</Text>
                <Text fz="sm" c="gray.7" truncate>
                  {user.email}
                </Text>
                <RoleCell user={user} />
              </div>
              <UserActions
                user={user}
                isSelf={user.id === currentUserId}
                onEdit={() => onEdit(user)}
                onDelete={() => onDelete(user)}
              />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  )
}
