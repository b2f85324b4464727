import type { SsmLoginInput } from '@storageops/contracts/identity'

/**
 * The field sign-in request (spec: snapshot-field-tool §7): sent by the app (features/identity/api/sign-in-field.ts
 * through lib/api.ts) and, for a Login pressed on the prerendered login before the app runs, by the page's inline
 * script (lib/prerendered-login.ts), which is written from these, so both send the same request.
 */
export const FIELD_SIGN_IN = {
  path: '/api/ssm',
  /** The headers lib/api.ts sends with a JSON body and no stored session. */
  headers: { accept: 'application/json', 'content-type': 'application/json' },
  /** The form's fields (SignInForm's inputs on the field login). */
  fields: { username: 'username', password: 'password' },
}

/** The body of a field sign-in. Stands alone (no outside names): the inline script carries it as `toString()`. */
export function fieldSignInBody(username: string, password: string): SsmLoginInput {
  return { service_name: 'ValidateSSMLogin', xml_body: { LoginKeyed: username, passwordKeyed: password } }
}
