import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { CreateRoleInput, ROLE_MESSAGES, UpdateRoleInput, type RoleWithUsers } from '@storageops/contracts/roles'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateRole } from '../api/create-role.ts'
import { useUpdateRole } from '../api/update-role.ts'

/** Create Role and Edit Role (spec: admin-console-part-2 §2, §8), checked by CreateRoleInput / UpdateRoleInput. */
export function RoleFormModal({
  opened,
  role,
  onClose,
}: {
  opened: boolean
  role: RoleWithUsers | null
  onClose: () => void
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={role ? 'Edit Role' : 'Create Role'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <RoleForm key={role?.id ?? 'new'} role={role} onDone={onClose} />}
    </Modal>
  )
}

function RoleForm({ role, onDone }: { role: RoleWithUsers | null; onDone: () => void }) {
  const create = useCreateRole()
  const update = useUpdateRole()
  const { form, formError, submit, showServerError } = useSchemaForm({
    name: 'role',
    schema: role ? UpdateRoleInput : CreateRoleInput,
    initialValues: { id: role?.id, name: role?.name ?? '', allowed_pages: role?.allowed_pages },
  })

  const handleSubmit = submit(({ name }) => {
    if (role) {
      update.mutate(
        { id: role.id, name, allowed_pages: role.allowed_pages },
        { onSuccess: onDone, onError: (failure) => showServerError(failure, failure.message) },
      )
      return
    }
    create.mutate(
      { name },
      {
        onSuccess: (created) => {
          showToast(`Role ${created.name} created`, 'success')
          onDone()
        },
        onError: (failure) => showServerError(failure, ROLE_MESSAGES.createFailed),
      },
    )
  })

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {role ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
