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
