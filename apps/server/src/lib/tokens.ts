import { createHash, randomBytes } from 'node:crypto'

/** A new opaque bearer token: 256 bits from the OS's CSPRNG, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 of a token, hex; the only form a token is stored in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
