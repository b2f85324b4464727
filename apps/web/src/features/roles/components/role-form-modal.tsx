import { useState, type FormEvent } from 'react'
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { ROLE_MESSAGES, type RoleWithUsers } from '@storageops/contracts/roles'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateRole } from '../api/create-role.ts'
import { useUpdateRole } from '../api/update-role.ts'

/**
 * The role modal (spec: admin-console-part-2 §2): titled 'Create Role' or 'Edit Role', a Name field,
 * Create or Update, and Cancel. A failed create shows the server's message or 'Error occurred while
 * creating new role'; a failed update shows the error.
 */
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
  const [name, setName] = useState(role?.name ?? '')
  const [error, setError] = useState<string | null>(null)
  const create = useCreateRole()
  const update = useUpdateRole()

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!name.trim()) return setError(ROLE_MESSAGES.requiredName)
    setError(null)
    if (role) {
      update.mutate(
        { id: role.id, name: name.trim(), allowed_pages: role.allowed_pages },
        { onSuccess: onDone, onError: (failure) => setError(failure.message) },
      )
      return
    }
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          showToast(`Role ${created.name} created`, 'success')
          onDone()
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.body.message ? failure.body.message : ROLE_MESSAGES.createFailed,
          ),
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} onChangeCapture={() => setError(null)} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {error}
          </Alert>
        )}
        <TextInput
          label="Name"
          withAsterisk
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
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
