import { ApiError } from './api.ts'

/** The server's `message` when the failure is an ApiError that carries one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body.message ? error.body.message : fallback
}

/** `message` followed by the server's reason when the failure carries one ('Failed to save all changes: …'). */
export function withReason(message: string, error: unknown): string {
  const reason = errorMessage(error, '')
  return reason ? `${message}: ${reason}` : message
}

/** A field's message that does not name the field already, led by its label ('Unit Height: Too big: …'). */
export function labelledMessage(message: string, label?: string): string {
  return label && !message.startsWith(label) ? `${label}: ${message}` : message
}

/** The fields a failed request names with their messages (a 400's `errors`, else its `field`); none otherwise. */
export function fieldErrorsOf(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiError)) return []
  const { errors, field, message } = error.body
  if (Array.isArray(errors) && errors.length > 0) return errors
  if (!field || !message) return []
  return [{ field, message: message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message }]
}
