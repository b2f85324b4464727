import { SignInForm } from '../../../components/ui/sign-in-form.tsx'
import { SignInFrame } from '../../../components/ui/sign-in-frame.tsx'
import { signInErrorMessage, useSignInField } from '../api/sign-in-field.ts'

export const EMPTY_LOGIN_MESSAGE = 'Please enter a valid username and password'

/** The field sign-in (spec: snapshot-field-tool §2, §5). */
export function FieldLoginForm() {
  const signIn = useSignInField()
  return (
    <SignInForm
      identifier={{ label: 'Username', name: 'username' }}
      emptyMessage={EMPTY_LOGIN_MESSAGE}
      error={signIn.isError ? signInErrorMessage(signIn.error) : null}
      errorTitle="Sign-in failed"
      isPending={signIn.isPending}
      onSignIn={(username, password, sent) => signIn.mutate({ username, password, sent })}
      onBlank={() => signIn.reset()}
    />
  )
}

/** The field login screen: the route renders it, and the build prerenders it into /login's HTML (login-prerender.tsx). */
export function FieldLoginScreen() {
  return (
    <SignInFrame
      appName="Snapshot"
      subtitle="Use your storage-management system username and password."
      footnote="Field tool for customer service, property managers and regional managers."
    >
      <FieldLoginForm />
    </SignInFrame>
  )
}
