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

/**
 * The server's message about `field` without its key ('zip: Zip must be…' → 'Zip must be…'); with a
 * `label`, one that does not name the field already starts with it ('Unit Height: Too big: …'). Else `fallback`.
 */
export function fieldErrorMessage(error: unknown, fallback: string, field: string, label?: string): string {
  const message = errorMessage(error, '')
  if (!message) return fallback
  const reason = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message
  return label && !reason.startsWith(label) ? `${label}: ${reason}` : reason
}
