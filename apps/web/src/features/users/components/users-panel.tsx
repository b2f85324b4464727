import { useState } from 'react'
import { Button, Stack } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import type { Role } from '@storageops/contracts/identity'
import { USER_MESSAGES, type UserRecord } from '@storageops/contracts/users'
import { confirmDelete } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteUser } from '../api/delete-user.ts'
import { useUsers } from '../api/get-users.ts'
import { UserFormModal } from './user-form-modal.tsx'
import { UsersTable } from './users-table.tsx'

/** Users (spec: admin-console-part-2 §2, §5, §8). */
export function UsersPanel({ roles, currentUserId }: { roles: Role[]; currentUserId: number | undefined }) {
  const users = useUsers()
  const remove = useDeleteUser()
  const [editing, setEditing] = useState<UserRecord | null>(null)
  const [opened, setOpened] = useState(false)

  const openForm = (user: UserRecord | null) => {
    setEditing(user)
    setOpened(true)
  }
  const askDelete = (user: UserRecord) =>
    confirmDelete({
      title: 'Delete user',
      message: (
        <>
          {USER_MESSAGES.confirmDelete} <strong>{user.email}</strong> will no longer be able to sign in.
        </>
      ),
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => showToast(USER_MESSAGES.deleted, 'success'),
          onError: (error) => showToast(errorMessage(error, 'Delete failed'), 'error'),
        }),
    })

  return (
    <Stack gap="lg">
      <PageHeader
        title="Users"
        description="People who can sign in to the admin console, and their roles."
        actions={
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => openForm(null)}>
            Create User
          </Button>
        }
      />
      {users.isPending && <SkeletonRows label="Loading users…" rows={4} />}
      <FormError message={users.error?.message} title="The users could not be loaded" />
      {users.data && (
        <UsersTable users={users.data} currentUserId={currentUserId} onEdit={openForm} onDelete={askDelete} />
      )}
      <UserFormModal opened={opened} user={editing} roles={roles} onClose={() => setOpened(false)} />
    </Stack>
  )
}
