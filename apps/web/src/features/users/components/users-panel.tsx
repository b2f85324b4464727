import { useState } from 'react'
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react'
import type { Role } from '@storageops/contracts/identity'
import { USER_MESSAGES, type UserRecord } from '@storageops/contracts/users'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteUser } from '../api/delete-user.ts'
import { useUsers } from '../api/get-users.ts'
import { UserFormModal } from './user-form-modal.tsx'
import { UsersTable } from './users-table.tsx'

/**
 * The Users screen's content (spec: admin-console-part-2 §2, §5, §8): the table, the Create User
 * modal, edit, and delete after a confirmation. `roles` are the role choices.
 */
export function UsersPanel({ roles, currentUserId }: { roles: Role[]; currentUserId: number | undefined }) {
  const users = useUsers()
  const remove = useDeleteUser()
  const [editing, setEditing] = useState<UserRecord | null>(null)
  const [opened, setOpened] = useState(false)

  const openCreate = () => {
    setEditing(null)
    setOpened(true)
  }
  const openEdit = (user: UserRecord) => {
    setEditing(user)
    setOpened(true)
  }
  const confirmDelete = (user: UserRecord) =>
    modals.openConfirmModal({
      title: 'Delete user',
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text fz="sm">
          {USER_MESSAGES.confirmDelete} <strong>{user.email}</strong> will no longer be able to sign in.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => showToast(USER_MESSAGES.deleted, 'success'),
          onError: (error) => showToast(error instanceof ApiError ? error.message : 'Delete failed', 'error'),
        }),
    })

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Users
          </Title>
          <Text c="gray.7" fz="sm">
            People who can sign in to the admin console, and their roles.
          </Text>
        </div>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={openCreate}>
          Create User
        </Button>
      </Group>
      {users.isPending && (
        <Stack>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={40} />
          ))}
        </Stack>
      )}
      {users.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {users.error.message}
        </Alert>
      )}
      {users.data && (
        <UsersTable users={users.data} currentUserId={currentUserId} onEdit={openEdit} onDelete={confirmDelete} />
      )}
      <UserFormModal opened={opened} user={editing} roles={roles} onClose={() => setOpened(false)} />
    </Stack>
  )
}
