import { Button, Divider, Text } from '@mantine/core'
import { IconBrandOffice } from '@tabler/icons-react'
import { OFFICE365_MESSAGES } from '@storageops/contracts/office365'
import { SignInForm } from '../../../components/ui/sign-in-form.tsx'
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

/** The admin sign-in (spec: admin-console-part-2 §2, §5); `banner` is an error brought back from Office 365. */
export function AdminLoginForm({ banner }: { banner?: string | null }) {
  const signIn = useAdminSignIn()
  const office365 = useStartOffice365SignIn()
  const error = signIn.isError
    ? failureMessage(signIn.error)
    : office365.isError
      ? office365.error.message || OFFICE365_MESSAGES.notConfigured
      : (banner ?? null)

  return (
    <SignInForm
      identifier={{ label: 'Email', name: 'email', type: 'email' }}
      emptyMessage={ADMIN_LOGIN_MESSAGE}
      error={error}
      isPending={signIn.isPending}
      onSignIn={(email, password) => {
        office365.reset()
        signIn.mutate({ email, password })
      }}
      onBlank={() => {
        office365.reset()
        signIn.reset()
      }}
    >
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
          office365.mutate()
        }}
      >
        {OFFICE365_MESSAGES.button}
      </Button>
    </SignInForm>
  )
}
