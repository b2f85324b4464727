import { Navigate, useSearchParams } from 'react-router'
import type { AdminUser } from '@storageops/contracts/identity'
import { AdminLoginForm } from '../../../features/identity/components/admin-login-form.tsx'
import { nextPathAfterLogin } from '../../../features/identity/next-path.ts'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'
import { SignInScreen } from './sign-in-screen.tsx'

/** Admin Login (spec: admin-console-part-2 §2); once signed in, on to the page first asked for, else home. */
export function AdminLoginPage() {
  const session = useStoredSession<AdminUser>('admin')
  const [searchParams] = useSearchParams()
  if (session) return <Navigate to={nextPathAfterLogin(searchParams.get('next'))} replace />
  return (
    <SignInScreen subtitle="Use your work email and password, or your Office 365 account.">
      <AdminLoginForm />
    </SignInScreen>
  )
}
