import { useState, type FormEvent } from 'react'
import {
  Alert,
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
import { IconAlertCircle } from '@tabler/icons-react'
import type { Role } from '@storageops/contracts/identity'
import { MIN_PASSWORD_LENGTH, USER_MESSAGES, type UserRecord } from '@storageops/contracts/users'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateUser } from '../api/create-user.ts'
import { useUpdateUser } from '../api/update-user.ts'

interface UserFormModalProps {
  opened: boolean
  /** The user to edit; null creates one. */
  user: UserRecord | null
  roles: Role[]
  onClose: () => void
}

// Mantine's default description grey is too light for WCAG AA on white.
const readable = { description: { color: 'var(--mantine-color-gray-7)' } }

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function serverMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && error.body.message ? error.body.message : fallback
}

/**
 * Create User and Edit User (spec: admin-console-part-2 §2, §5, §8): email, password, first and last
 * name, role from the roles list, plus the clerk-app and disabled flags. Create needs email and
 * password ('Please fill in all the required fields.'); edit keeps the email fixed ("Email can't be
 * blank.") and an empty password keeps the current one.
 */
export function UserFormModal({ opened, user, roles, onClose }: UserFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? 'Edit User' : 'Create User'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Keyed so each opening starts from the chosen user's values. */}
      {opened && <UserForm key={user?.id ?? 'new'} user={user} roles={roles} onDone={onClose} />}
    </Modal>
  )
}

function UserForm({ user, roles, onDone }: { user: UserRecord | null; roles: Role[]; onDone: () => void }) {
  const [email, setEmail] = useState(user?.email ?? '')
  const [password, setPassword] = useState('')
  const [firstName, setFirstName] = useState(user?.firstName ?? '')
  const [lastName, setLastName] = useState(user?.lastName ?? '')
  const [roleId, setRoleId] = useState<string | null>(user?.role_id ? String(user.role_id) : null)
  const [isClerk, setIsClerk] = useState(user?.is_clerk_role ?? false)
  const [disabled, setDisabled] = useState(user?.disabled ?? false)
  const [error, setError] = useState<string | null>(null)
  const create = useCreateUser()
  const update = useUpdateUser()

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    if (user) {
      if (!email.trim()) return setError(USER_MESSAGES.emailBlank)
      if (!roleId) return setError(USER_MESSAGES.requiredFields)
      if (password && password.length < MIN_PASSWORD_LENGTH)
        return setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
      update.mutate(
        {
          id: user.id,
          email: user.email,
          password,
          firstName,
          lastName,
          role_id: Number(roleId),
          is_clerk_role: isClerk,
          disabled,
        },
        {
          onSuccess: () => {
            showToast(USER_MESSAGES.updated, 'success')
            onDone()
          },
          onError: (failure) => setError(serverMessage(failure, failure.message)),
        },
      )
      return
    }
    if (!email.trim() || !password || !roleId) return setError(USER_MESSAGES.requiredFields)
    if (!EMAIL_PATTERN.test(email.trim())) return setError('Please enter a valid email address.')
    if (password.length < MIN_PASSWORD_LENGTH)
      return setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    create.mutate(
      { email: email.trim(), password, firstName, lastName, role_id: Number(roleId), is_clerk_role: isClerk },
      {
        onSuccess: () => {
          showToast(USER_MESSAGES.created, 'success')
          onDone()
        },
        onError: (failure) => setError(serverMessage(failure, USER_MESSAGES.createFailed)),
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
          label="Email"
          type="email"
          autoComplete="off"
          withAsterisk={!user}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          readOnly={Boolean(user)}
          description={user ? 'The email cannot be changed.' : undefined}
          styles={{ ...readable, ...(user ? { input: { backgroundColor: 'var(--mantine-color-gray-1)' } } : {}) }}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          withAsterisk={!user}
          description={
            user ? 'Leave empty to keep the current password.' : `At least ${MIN_PASSWORD_LENGTH} characters.`
          }
          styles={readable}
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            autoComplete="off"
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            autoComplete="off"
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Select
          label="Role"
          withAsterisk
          placeholder="Choose a role"
          data={roles.map((role) => ({ value: String(role.id), label: role.name }))}
          value={roleId}
          onChange={setRoleId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label="Clerk app user"
          description="Signs in to the clerk app instead of the admin console."
          styles={readable}
          checked={isClerk}
          onChange={(event) => setIsClerk(event.currentTarget.checked)}
        />
        {user && (
          <Switch
            label="Account disabled"
            description="A disabled user cannot sign in; open sessions end at once."
            styles={readable}
            color="red"
            checked={disabled}
            onChange={(event) => setDisabled(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {user ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
