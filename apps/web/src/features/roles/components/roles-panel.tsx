import { useState } from 'react'
import { Button, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { ROLE_MESSAGES, type RoleWithUsers } from '@storageops/contracts/roles'
import { confirmDelete } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteRole } from '../api/delete-role.ts'
import { useRoles } from '../api/get-roles.ts'
import { useUpdateRole } from '../api/update-role.ts'
import { RoleFormModal } from './role-form-modal.tsx'
import { RolesMatrix } from './roles-matrix.tsx'

/** User Roles (spec: admin-console-part-2 §2, §5, §8): a toggle saves at once; a role in use cannot be deleted. */
export function RolesPanel() {
  const roles = useRoles()
  const update = useUpdateRole()
  const remove = useDeleteRole()
  const [editing, setEditing] = useState<RoleWithUsers | null>(null)
  const [opened, setOpened] = useState(false)

  const openForm = (role: RoleWithUsers | null) => {
    setEditing(role)
    setOpened(true)
  }

  const toggle = (role: RoleWithUsers, page: string, allowed: boolean) => {
    const allowed_pages = allowed
      ? [...role.allowed_pages, page]
      : role.allowed_pages.filter((candidate) => candidate !== page)
    update.mutate(
      { id: role.id, name: role.name, allowed_pages },
      { onError: (error) => showToast(error.message, 'error') },
    )
  }

  const askDelete = (role: RoleWithUsers) => {
    if (role.assigned_users > 0) {
      showToast(ROLE_MESSAGES.inUse, 'error')
      return
    }
    confirmDelete({
      title: 'Delete role',
      message: ROLE_MESSAGES.confirmDelete,
      onConfirm: () =>
        remove.mutate(role.id, {
          onSuccess: () => showToast(ROLE_MESSAGES.deleted, 'success'),
          onError: (error) => showToast(error.message, 'error'),
        }),
    })
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="User Roles"
        description="Tick the admin pages each role may open. A change is saved at once and applies on the user's next click."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openForm(null)}>
            Create Role
          </Button>
        }
      />
      {roles.isPending && <SkeletonRows label="Loading roles…" rows={5} rowHeight={36} />}
      <FormError message={roles.isError && errorMessage(roles.error, ROLE_MESSAGES.fetchFailed)} />
      {roles.data && roles.data.length > 1 && (
        <Text hiddenFrom="sm" fz="xs" c="gray.7" mb={-8}>
          Scroll sideways to see every role.
        </Text>
      )}
      {roles.data && <RolesMatrix roles={roles.data} onToggle={toggle} onEdit={openForm} onDelete={askDelete} />}
      <RoleFormModal opened={opened} role={editing} onClose={() => setOpened(false)} />
    </Stack>
  )
}
