import { useState } from 'react'
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { IconAlertCircle, IconPlus } from '@tabler/icons-react'
import { ROLE_MESSAGES, type RoleWithUsers } from '@storageops/contracts/roles'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteRole } from '../api/delete-role.ts'
import { useRoles } from '../api/get-roles.ts'
import { useUpdateRole } from '../api/update-role.ts'
import { RoleFormModal } from './role-form-modal.tsx'
import { RolesMatrix } from './roles-matrix.tsx'

/**
 * The User Roles screen's content (spec: admin-console-part-2 §2, §5, §8): the permission table where
 * a toggle saves at once, Create Role, Edit, and Delete guarded by the users count and a confirmation.
 */
export function RolesPanel() {
  const roles = useRoles()
  const update = useUpdateRole()
  const remove = useDeleteRole()
  const [editing, setEditing] = useState<RoleWithUsers | null>(null)
  const [opened, setOpened] = useState(false)

  const toggle = (role: RoleWithUsers, page: string, allowed: boolean) => {
    const allowed_pages = allowed
      ? [...role.allowed_pages, page]
      : role.allowed_pages.filter((candidate) => candidate !== page)
    update.mutate(
      { id: role.id, name: role.name, allowed_pages },
      { onError: (error) => showToast(error.message, 'error') },
    )
  }

  const confirmDelete = (role: RoleWithUsers) => {
    if (role.assigned_users > 0) {
      showToast(ROLE_MESSAGES.inUse, 'error')
      return
    }
    modals.openConfirmModal({
      title: 'Delete role',
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text fz="sm">{ROLE_MESSAGES.confirmDelete}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(role.id, {
          onSuccess: () => showToast(ROLE_MESSAGES.deleted, 'success'),
          onError: (error) => showToast(error.message, 'error'),
        }),
    })
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            User Roles
          </Title>
          <Text c="gray.7" fz="sm">
            Tick the admin pages each role may open. A change is saved at once and applies on the user's next click.
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => {
            setEditing(null)
            setOpened(true)
          }}
        >
          Create Role
        </Button>
      </Group>
      {roles.isPending && (
        <Stack>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} h={36} />
          ))}
        </Stack>
      )}
      {roles.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {roles.error instanceof ApiError && roles.error.body.message
            ? roles.error.body.message
            : ROLE_MESSAGES.fetchFailed}
        </Alert>
      )}
      {roles.data && roles.data.length > 1 && (
        <Text hiddenFrom="sm" fz="xs" c="gray.7" mb={-8}>
          Scroll sideways to see every role.
        </Text>
      )}
      {roles.data && (
        <RolesMatrix
          roles={roles.data}
          onToggle={toggle}
          onEdit={(role) => {
            setEditing(role)
            setOpened(true)
          }}
          onDelete={confirmDelete}
        />
      )}
      <RoleFormModal opened={opened} role={editing} onClose={() => setOpened(false)} />
    </Stack>
  )
}
