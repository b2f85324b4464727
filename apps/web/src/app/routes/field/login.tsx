import { Navigate, useSearchParams } from 'react-router'
import type { FieldUser } from '@storageops/contracts/identity'
import { FieldLoginScreen } from '../../../features/identity/components/field-login-form.tsx'
import { nextPathAfterLogin } from '../../../features/identity/next-path.ts'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'

/** Login (spec: snapshot-field-tool §2); once signed in, on to the page first asked for (`next`), else search. */
export function LoginPage() {
  const session = useStoredSession<FieldUser>('field')
  const [searchParams] = useSearchParams()
  if (session) return <Navigate to={nextPathAfterLogin(searchParams.get('next'))} replace />
  return <FieldLoginScreen />
}
