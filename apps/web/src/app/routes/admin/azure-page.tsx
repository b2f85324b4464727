import { useEffect, useRef, useState } from 'react'
import { Center, Loader, Stack, Text } from '@mantine/core'
import { useNavigate } from 'react-router'
import { OFFICE365_MESSAGES } from '@storageops/contracts/office365'
import { completeOffice365SignIn, readOffice365Return } from '../../../features/identity/admin-office365-sign-in.ts'
import { AdminLoginForm } from '../../../features/identity/components/admin-login-form.tsx'
import { readSession } from '../../../lib/session.ts'
import { SignInScreen } from './sign-in-screen.tsx'

/** /azure, where Office 365 sends the browser back (spec: admin-console-part-2 §2): home, or sign-in with the error. */
export function AzurePage() {
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    // Once only: the code and state are single-use, and the URL must not keep them.
    if (started.current) return
    started.current = true
    const answer = readOffice365Return(window.location.search)
    window.history.replaceState(null, '', '/azure')
    if (answer.kind === 'none' && readSession('admin')) {
      void navigate('/', { replace: true })
      return
    }
    completeOffice365SignIn(answer)
      .then(() => navigate('/', { replace: true }))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : OFFICE365_MESSAGES.failed))
  }, [navigate])

  if (error) {
    return (
      <SignInScreen subtitle="Use your work email and password, or your Office 365 account.">
        <AdminLoginForm banner={error} />
      </SignInScreen>
    )
  }
  return (
    <Center mih="100dvh" bg="gray.0">
      <Stack align="center" gap="md" role="status">
        <Loader />
        <Text fw={500}>{OFFICE365_MESSAGES.loading}</Text>
      </Stack>
    </Center>
  )
}
