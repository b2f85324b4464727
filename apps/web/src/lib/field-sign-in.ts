import type { SsmLoginInput } from '@storageops/contracts/identity'

/** The field sign-in request (spec §7), shared by the app and the prerendered login's inline script. */
export const FIELD_SIGN_IN = {
  path: '/api/ssm',
  /** The headers lib/api.ts sends with a JSON body and no stored session. */
  headers: { accept: 'application/json', 'content-type': 'application/json' },
  fields: { username: 'username', password: 'password' },
}

/** The body of a field sign-in. Stands alone (no outside names): the inline script carries it as `toString()`. */
export function fieldSignInBody(username: string, password: string): SsmLoginInput {
  return { service_name: 'ValidateSSMLogin', xml_body: { LoginKeyed: username, passwordKeyed: password } }
}
