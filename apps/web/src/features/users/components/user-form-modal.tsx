import type { UseFormReturnType } from '@mantine/form'
import {
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core'
import type { Role } from '@storageops/contracts/identity'
import {
  CreateUserInput,
  MIN_PASSWORD_LENGTH,
  UpdateUserInput,
  USER_MESSAGES,
  type UserRecord,
} from '@storageops/contracts/users'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useSchemaForm } from '../../../components/ui/use-schema-form.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateUser } from '../api/create-user.ts'
import { useUpdateUser } from '../api/update-user.ts'

/** Create User and Edit User (spec: admin-console-part-2 §2, §5, §8), checked by CreateUserInput / UpdateUserInput. */
export function UserFormModal({
  opened,
  user,
  roles,
  onClose,
}: {
  opened: boolean
  user: UserRecord | null
  roles: Role[]
  onClose: () => void
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? 'Edit User' : 'Create User'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened &&
        (user ? (
          <EditUserForm key={user.id} user={user} roles={roles} onDone={onClose} />
        ) : (
          <CreateUserForm roles={roles} onDone={onClose} />
        ))}
    </Modal>
  )
}

type UserFormValues = {
  id?: number
  email: string
  password: string
  firstName: string
  lastName: string
  role_id: number | null
  is_clerk_role: boolean
  disabled?: boolean
}

function CreateUserForm({ roles, onDone }: { roles: Role[]; onDone: () => void }) {
  const create = useCreateUser()
  const initialValues: UserFormValues = {
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    role_id: null,
    is_clerk_role: false,
  }
  const { form, formError, submit, showServerError } = useSchemaForm({
    name: 'create-user',
    schema: CreateUserInput,
    initialValues,
  })
  const handleSubmit = submit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        showToast(USER_MESSAGES.created, 'success')
        onDone()
      },
      onError: (failure) => showServerError(failure, USER_MESSAGES.createFailed),
    }),
  )
  return (
    <UserFields
      form={form}
      formError={formError}
      roles={roles}
      isEditing={false}
      isSaving={create.isPending}
      onSubmit={handleSubmit}
      onCancel={onDone}
    />
  )
}

function EditUserForm({ user, roles, onDone }: { user: UserRecord; roles: Role[]; onDone: () => void }) {
  const update = useUpdateUser()
  const initialValues: UserFormValues = {
    id: user.id,
    email: user.email,
    password: '',
    firstName: user.firstName,
    lastName: user.lastName,
    role_id: user.role_id,
    is_clerk_role: user.is_clerk_role,
    disabled: user.disabled,
  }
  const { form, formError, submit, showServerError } = useSchemaForm({
    name: `edit-user-${user.id}`,
    schema: UpdateUserInput,
    initialValues,
  })
  const handleSubmit = submit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        showToast(USER_MESSAGES.updated, 'success')
        onDone()
      },
      onError: (failure) => showServerError(failure, failure.message),
    }),
  )
  return (
    <UserFields
      form={form}
      formError={formError}
      roles={roles}
      isEditing
      isSaving={update.isPending}
      onSubmit={handleSubmit}
      onCancel={onDone}
    />
  )
}

function UserFields({
  form,
  formError,
  roles,
  isEditing,
  isSaving,
  onSubmit,
  onCancel,
}: {
  form: UseFormReturnType<UserFormValues>
  formError: string | null
  roles: Role[]
  isEditing: boolean
  isSaving: boolean
  onSubmit: () => void
  onCancel: () => void
}) {
  const roleId = form.values.role_id
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          withAsterisk={!isEditing}
          readOnly={isEditing}
          description={isEditing ? 'The email cannot be changed.' : undefined}
          variant={isEditing ? 'filled' : undefined}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          withAsterisk={!isEditing}
          description={
            isEditing ? 'Leave empty to keep the current password.' : `At least ${MIN_PASSWORD_LENGTH} characters.`
          }
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          {...form.getInputProps('password')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="off" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Select
          label="Role"
          withAsterisk
          placeholder="Choose a role"
          data={roles.map((role) => ({ value: String(role.id), label: role.name }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('role_id')}
          value={roleId === null ? null : String(roleId)}
          onChange={(next) => form.setFieldValue('role_id', next === null ? null : Number(next))}
        />
        <Checkbox
          label="Clerk app user"
          description="Signs in to the clerk app instead of the admin console."
          {...form.getInputProps('is_clerk_role', { type: 'checkbox' })}
        />
        {isEditing && (
          <Switch
            label="Account disabled"
            description="A disabled user cannot sign in; open sessions end at once."
            color="red"
            {...form.getInputProps('disabled', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {isEditing ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
