import { useState, type FormEvent } from 'react'
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { signInErrorMessage, useSignInField } from '../api/sign-in-field.ts'

export const EMPTY_LOGIN_MESSAGE = 'Please enter a valid username and password'

/**
 * Username, Password and Login (spec: snapshot-field-tool §2, §5). Empty fields are refused here
 * without a call; a failure shows in a red alert above the form. Success stores the session, which
 * the login screen watches to move on.
 */
export function FieldLoginForm() {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [emptyError, setEmptyError] = useState(false)
  const signIn = useSignInField()

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!username.trim() || !password) {
      signIn.reset()
      setEmptyError(true)
      return
    }
    setEmptyError(false)
    signIn.mutate({ username: username.trim(), password })
  }

  const error = emptyError ? EMPTY_LOGIN_MESSAGE : signIn.isError ? signInErrorMessage(signIn.error) : null

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title="Sign-in failed">
            {error}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          size="md"
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          // Named without the word 'password' so the field alone answers to the label Password.
          visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending} mt="xs">
          Login
        </Button>
      </Stack>
    </form>
  )
}
