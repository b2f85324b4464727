import { z } from 'zod'
import { text } from './primitives.ts'

export const FIELD_ROLES = ['customer_service', 'property_manager', 'regional_manager'] as const
export const FieldRole = z.enum(FIELD_ROLES)
export type FieldRole = z.infer<typeof FieldRole>

/** POST /api/ssm: only named services are served, never proxied blindly (spec: snapshot-field-tool §7). */
export const SsmLoginInput = z.object({
  service_name: z.literal('ValidateSSMLogin', {
    error: 'Unsupported service_name: only ValidateSSMLogin is served here',
  }),
  xml_body: z.object({
    LoginKeyed: text().trim().min(1, 'Please enter a valid username and password').max(100),
    passwordKeyed: text().min(1, 'Please enter a valid username and password').max(200),
  }),
})
export type SsmLoginInput = z.infer<typeof SsmLoginInput>

export const FieldUser = z.object({
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: FieldRole,
})
export type FieldUser = z.infer<typeof FieldUser>

/** Field sign-in result: the DataSet's UserDetails (Login list first = username) plus our session token. */
export const SsmLoginResult = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: FieldUser,
  UserDetails: z.array(
    z.object({
      Login: z.array(z.string()),
      FullName: z.array(z.string()),
      Email: z.array(z.string()),
      Role: z.array(z.string()),
    }),
  ),
})
export type SsmLoginResult = z.infer<typeof SsmLoginResult>

export const SsmLoginFailure = z.object({
  error: z.string(),
  message: z.string(),
  ErrorCode: z.array(z.string()),
  ErrorMessage: z.array(z.string()),
})

export const AdminLoginInput = z.object({
  email: text().trim().toLowerCase().email('Please enter a valid email and password').max(254),
  password: text().min(1, 'Please enter a valid email and password').max(200),
})
export type AdminLoginInput = z.infer<typeof AdminLoginInput>

export const Role = z.object({
  id: z.number().int(),
  name: z.string(),
  superadmin: z.boolean(),
  allowed_pages: z.array(z.string()),
  is_CS_role: z.boolean(),
})
export type Role = z.infer<typeof Role>

export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role_id: z.number().int().nullable(),
  role: Role.nullable(),
  is_clerk_role: z.boolean(),
  is_CS_role: z.boolean(),
})
export type AdminUser = z.infer<typeof AdminUser>

export const AdminLoginResult = z.object({
  token: z.string(),
  user_token: z.string(),
  expires_at: z.string(),
  user: AdminUser,
})
export type AdminLoginResult = z.infer<typeof AdminLoginResult>

export const SessionInfo = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), user: FieldUser, expires_at: z.string() }),
  z.object({ kind: z.literal('admin'), user: AdminUser, expires_at: z.string() }),
])
export type SessionInfo = z.infer<typeof SessionInfo>
