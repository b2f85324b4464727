import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import {
  FieldRole,
  type AdminLoginInput,
  type AdminLoginResult,
  type SsmLoginInput,
  type SsmLoginResult,
} from '@storageops/contracts/identity'
import type { Db } from '../../db/client.ts'
import type { Env } from '../../env.ts'
import { HttpError, badGateway } from '../../lib/http-error.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { createSession, findAdminUserByEmail, openAdminSession } from './sessions.service.ts'
import { recordFieldUser } from '../notifications/notifications.service.ts'
import {
  assertSignInAllowed,
  clearSignInFailures,
  recordSignInFailure,
  type ThrottleSettings,
} from './sign-in-throttle.ts'

type Settings = Pick<Env, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'> & ThrottleSettings

// Verified against when the email is unknown, so the response time does not tell which emails exist.
let dummyHash: Promise<string> | undefined
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')))

/** A failed field sign-in, shaped like the SSM's ErrorCode/ErrorMessage lists (spec: snapshot-field-tool §7, §8). */
export class FieldLoginError extends HttpError {
  constructor(code: string, message: string) {
    super(401, 'invalid_credentials', message, undefined, { ErrorCode: [code], ErrorMessage: [message] })
  }
}

/** ValidateSSMLogin decides. Errors: 401 with the system's ErrorMessage, 429 after repeated failures, 502 unreachable. */
export async function signInField(
  db: Db,
  ssm: SsmClient,
  input: SsmLoginInput,
  ip: string,
  settings: Settings,
): Promise<SsmLoginResult> {
  // Trimmed by the route's schema (SsmLoginInput).
  const login = input.xml_body.LoginKeyed
  await assertSignInAllowed(db, `field:${login}`, ip, settings)
  let details: Record<string, string>
  try {
    details = await ssm.validateLogin(login, input.xml_body.passwordKeyed)
  } catch (error) {
    if (error instanceof SsmError && error.retCode !== null) {
      await recordSignInFailure(db, `field:${login}`, ip)
      const row = error.tables.Error?.[0]
      throw new FieldLoginError(row?.ErrorCode ?? String(error.retCode), row?.ErrorMessage ?? error.message)
    }
    throw badGateway(error instanceof Error ? error.message : 'Storage management system unavailable')
  }
  const role = FieldRole.safeParse(details.Role)
  if (!role.success) throw new FieldLoginError('-3', 'This account has no field-tool role.')
  await clearSignInFailures(db, `field:${login}`, ip)
  const user = {
    username: details.Login ?? login,
    full_name: details.FullName ?? login,
    email: details.Email ?? '',
    role: role.data,
  }
  await recordFieldUser(db, user)
  const session = await createSession(db, { kind: 'field', fieldUser: user }, ip, settings)
  return {
    ...session,
    user,
    UserDetails: [{ Login: [user.username], FullName: [user.full_name], Email: [user.email], Role: [user.role] }],
  }
}

/** Unknown email, wrong password and disabled account all answer the same 401 (spec: admin-console-part-2 §5). */
export async function signInAdmin(
  db: Db,
  input: AdminLoginInput,
  ip: string,
  settings: Settings,
): Promise<AdminLoginResult> {
  await assertSignInAllowed(db, `admin:${input.email}`, ip, settings)
  const row = await findAdminUserByEmail(db, input.email)
  const isValid = await verify(row?.user.password_hash ?? (await getDummyHash()), input.password).catch(() => false)
  if (!row || !row.user.password_hash || !isValid || row.user.disabled) {
    await recordSignInFailure(db, `admin:${input.email}`, ip)
    throw new HttpError(401, 'invalid_credentials', 'Please enter a valid email and password')
  }
  await clearSignInFailures(db, `admin:${input.email}`, ip)
  return openAdminSession(db, row, ip, settings)
}
