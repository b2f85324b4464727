import { ApiError } from './api.ts'

/** The server's `message` when the failure is an ApiError that carries one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body.message ? error.body.message : fallback
}
