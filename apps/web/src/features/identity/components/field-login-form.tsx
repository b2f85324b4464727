import { SignInForm } from '../../../components/ui/sign-in-form.tsx'
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
      onSignIn={(username, password) => signIn.mutate({ username, password })}
      onBlank={() => signIn.reset()}
    />
  )
}
