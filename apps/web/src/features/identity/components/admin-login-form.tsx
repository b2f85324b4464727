import { useState, type FormEvent } from 'react'
import { Alert, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle, IconBrandOffice } from '@tabler/icons-react'
import { OFFICE365_MESSAGES } from '@storageops/contracts/office365'
import { ApiError } from '../../../lib/api.ts'
import { useAdminSignIn } from '../api/admin-sign-in.ts'
import { useStartOffice365SignIn } from '../api/admin-office365-start.ts'

/** The one message for empty fields and for a failed login (spec: admin-console-part-2 §5). */
export const ADMIN_LOGIN_MESSAGE = 'Please enter a valid email and password'

function failureMessage(error: unknown): string {
  // Too many attempts (429) and an unreachable server say so; any refused login reads as the spec's message.
  if (error instanceof ApiError && (error.status === 429 || error.status === 0)) return error.message
  return ADMIN_LOGIN_MESSAGE
}

/**
 * Email, Password, Login and 'Login with Office 365' (spec: admin-console-part-2 §2 Sign-in, §5).
 * Empty fields are refused here without a call. `banner` is an error brought back from Office 365.
 * Success stores the session, which the sign-in screen watches to move on.
 */
export function AdminLoginForm({ banner }: { banner?: string | null }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [emptyError, setEmptyError] = useState(false)
  const signIn = useAdminSignIn()
  const office365 = useStartOffice365SignIn()

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    office365.reset()
    if (!email.trim() || !password) {
      signIn.reset()
      setEmptyError(true)
      return
    }
    setEmptyError(false)
    signIn.mutate({ email: email.trim(), password })
  }

  const error = emptyError
    ? ADMIN_LOGIN_MESSAGE
    : signIn.isError
      ? failureMessage(signIn.error)
      : office365.isError
        ? office365.error.message || OFFICE365_MESSAGES.notConfigured
        : (banner ?? null)

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {error}
          </Alert>
        )}
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          size="md"
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending} mt="xs">
          Login
        </Button>
        <Divider
          label={
            <Text fz="xs" c="gray.7">
              or
            </Text>
          }
          labelPosition="center"
        />
        <Button
          type="button"
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconBrandOffice size={20} color="#d83b01" aria-hidden />}
          loading={office365.isPending}
          onClick={() => {
            signIn.reset()
            setEmptyError(false)
            office365.mutate()
          }}
        >
          {OFFICE365_MESSAGES.button}
        </Button>
      </Stack>
    </form>
  )
}
