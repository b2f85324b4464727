import { z } from 'zod'
import { text } from './primitives.ts'

/** Office 365 sign-in texts (spec: admin-console-part-2 §2 Sign-in, §8). */
export const OFFICE365_MESSAGES = {
  button: 'Login with Office 365',
  loading: 'Getting account info...',
  emailNotRegistered: 'Email not registered. Please contact administrator to register your email to the system.',
  notConfigured: 'Office 365 sign-in is not configured on this server.',
  failed: 'Office 365 sign-in could not be completed. Please try again.',
  cancelled: 'Office 365 sign-in was cancelled. Sign in again when you are ready.',
} as const

/** The path the identity provider sends the browser back to; the top bar is hidden there (spec: admin-console-part-2 §2). */
export const OFFICE365_REDIRECT_PATH = '/azure'

export const Office365StartResult = z.object({ authorization_url: z.string() })
export type Office365StartResult = z.infer<typeof Office365StartResult>

export const Office365CallbackInput = z.object({
  code: text().min(1).max(4096),
  state: text().min(1).max(512),
  iss: text().max(512).optional(),
})
export type Office365CallbackInput = z.infer<typeof Office365CallbackInput>

/** The verified account and a one-time ticket for POST /api/users/find (valid a few minutes). */
export const Office365CallbackResult = z.object({
  email: z.string(),
  name: z.string(),
  sso_ticket: z.string(),
})
export type Office365CallbackResult = z.infer<typeof Office365CallbackResult>
