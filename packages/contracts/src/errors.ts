import { z } from 'zod'

export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>
