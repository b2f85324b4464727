import { z } from 'zod'
import { id, idParam, text } from './primitives.ts'
import { AdminLoginResult, AdminUser } from './identity.ts'

/** The Users screen's messages, spelled as the spec writes them (admin-console-part-2 §5, §8). */
export const USER_MESSAGES = {
  requiredFields: 'Please fill in all the required fields.',
  emailBlank: "Email can't be blank.",
  created: 'Account created successfully',
  updated: 'Account updated successfully',
  deleted: 'User was successfully deleted',
  createFailed: 'Error occurred while creating new user',
  confirmDelete: 'Are you sure you want to delete this user?',
} as const

/** Shortest password accepted for a new or changed admin password (ASVS V2.1.1 asks for at least 8). */
export const MIN_PASSWORD_LENGTH = 8

/** A row of the Users table (spec: admin-console-part-2 §2, §3): the admin user plus whether it is disabled. */
export const UserRecord = AdminUser.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
})
export type UserRecord = z.infer<typeof UserRecord>

const requiredText = text({ error: USER_MESSAGES.requiredFields }).trim().min(1, USER_MESSAGES.requiredFields)
const password = text({ error: USER_MESSAGES.requiredFields })
  .min(1, USER_MESSAGES.requiredFields)
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(200)
const name = text().trim().max(100).default('')

export const CreateUserInput = z.object({
  email: requiredText.toLowerCase().pipe(z.email('Please enter a valid email address.').max(254)),
  password,
  firstName: name,
  lastName: name,
  role_id: id({ error: USER_MESSAGES.requiredFields }),
  is_clerk_role: z.boolean().default(false),
})
export type CreateUserInput = z.input<typeof CreateUserInput>

/** The email cannot change; an empty password keeps the current one (spec: admin-console-part-2 §5). */
export const UpdateUserInput = z.object({
  id: id(),
  email: text({ error: USER_MESSAGES.emailBlank }).trim().toLowerCase().min(1, USER_MESSAGES.emailBlank).max(254),
  password: z.union([z.literal(''), password]).optional(),
  firstName: name,
  lastName: name,
  role_id: id({ error: USER_MESSAGES.requiredFields }),
  is_clerk_role: z.boolean().default(false),
  disabled: z.boolean().default(false),
})
export type UpdateUserInput = z.input<typeof UpdateUserInput>

export const DeleteUserQuery = z.object({ userId: idParam() })

export const UserMessage = z.object({ message: z.string() })

/** After Office 365 sign-in: the email with the one-time ticket the server issued; a bare email is never enough. */
export const FindUserInput = z.object({
  email: text().trim().toLowerCase().min(1).max(254),
  sso_ticket: text().min(20).max(200),
})
export type FindUserInput = z.infer<typeof FindUserInput>

export const FindUserResult = AdminLoginResult
export type FindUserResult = z.infer<typeof FindUserResult>
