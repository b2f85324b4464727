import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { prerenderedLogin, releasePrerenderedLogin } from '../../lib/prerendered-login.ts'
import { FormError } from './form-error.tsx'

/** The sign-in form of both apps; blank fields show `emptyMessage` without a call; `onSignIn` gets the trimmed account. */
export function SignInForm({
  identifier,
  emptyMessage,
  error,
  errorTitle,
  isPending,
  onSignIn,
  onBlank,
  children,
}: {
  identifier: { label: string; name: string; type?: 'text' | 'email' }
  emptyMessage: string
  error: string | null
  errorTitle?: string
  isPending: boolean
  onSignIn: (account: string, password: string, sent?: Promise<Response>) => void
  onBlank: () => void
  children?: ReactNode
}) {
  // The login the build prerendered, which this form replaces (decision 010): what was typed there carries over.
  const [prerendered] = useState(prerenderedLogin)
  const [account, setAccount] = useState(prerendered?.values[identifier.name] ?? '')
  const [password, setPassword] = useState(prerendered?.values.password ?? '')
  const [isBlank, setIsBlank] = useState(false)
  const [shownError, setShownError] = useState(error)
  // A sign-in the prerendered form sent shows as pending from the first frame until its answer is the caller's.
  const [adopting, setAdopting] = useState(Boolean(prerendered?.sent))
  if (adopting && (isPending || error)) setAdopting(false)
  if (error !== shownError) {
    setShownError(error)
    if (error) setIsBlank(false)
  }
  const form = useRef<HTMLFormElement>(null)
  const takenOver = useRef(false)
  // …and before paint its focus and caret, and a Login pressed before the app ran.
  useLayoutEffect(() => {
    if (!prerendered || !form.current) return
    releasePrerenderedLogin()
    const { focus } = prerendered
    const focused = focus && form.current.querySelector<HTMLInputElement>(`input[name="${focus.name}"]`)
    if (focus && focused) {
      focused.focus()
      focused.setSelectionRange(focus.start, focus.end)
    }
    // Once, also where React runs effects twice (StrictMode in development).
    if (takenOver.current) return
    takenOver.current = true
    if (prerendered.sent) onSignIn(account.trim(), password, prerendered.sent)
    else if (prerendered.submitted) form.current.requestSubmit()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the values typed before the app ran, once
  }, [prerendered])

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const isMissing = !account.trim() || !password
    setIsBlank(isMissing)
    if (isMissing) onBlank()
    else onSignIn(account.trim(), password)
  }

  return (
    <form ref={form} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={isBlank ? emptyMessage : error} title={errorTitle} />
        <TextInput
          label={identifier.label}
          name={identifier.name}
          type={identifier.type ?? 'text'}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          onChange={(event) => setAccount(event.currentTarget.value)}
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
        <SignInButton pending={isPending || adopting} />
        {children}
      </Stack>
    </form>
  )
}

/** The form's Login; the build prerenders its pending look too. */
export function SignInButton({ pending }: { pending: boolean }) {
  return (
    <Button type="submit" size="md" fullWidth loading={pending} mt="xs">
      Login
    </Button>
  )
}
