import { z } from 'zod'

/** Every API error body (DESIGN §4): a code, a human message and, for input errors, the field named. */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>
