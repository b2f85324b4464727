import { z } from 'zod'

export const FieldError = z.object({
  field: z.string().describe('the field as a dotted path (rows.0.reservation_window)'),
  message: z.string(),
})
export type FieldError = z.infer<typeof FieldError>

export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  errors: z
    .array(FieldError)
    .optional()
    .describe(
      'On a 400 (invalid_input) naming a field: every field that failed, once each, in the order checked; message and field name the first',
    ),
})
export type ErrorBody = z.infer<typeof ErrorBody>
