import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { maskSecret, SECRET_MASK_PREFIX } from '@storageops/contracts/location-rules'
import type { Env } from '../../env.ts'
import { unprocessable } from '../../lib/http-error.ts'

/** Payment-terminal keys, stored with AES-256-GCM, the field name bound in as associated data. */
export const SECRET_FIELDS = ['xwebauthkey', 'kiosk_xwebauthkey'] as const
export type SecretField = (typeof SECRET_FIELDS)[number]

const VERSION = 'v1'
// Public on purpose: demo data only. Outside demo mode SECRETS_KEY must be set (docs/configuration.md).
const DEMO_KEY = createHash('sha256').update('storageops demo secrets key - not for production').digest()

export interface SecretBox {
  encrypt(field: SecretField, plain: string): string
  decrypt(field: SecretField, stored: string): string | null
  /** '••••' plus the last four characters of the stored secret; '••••' alone when it cannot be read. */
  mask(field: SecretField, stored: string | null): string | null
}

/** The secret box of this server: SECRETS_KEY, or the demo key in demo mode, or none (writes refused with 422). */
export function secretBoxFor(env: Pick<Env, 'SECRETS_KEY' | 'demoMode'>): SecretBox {
  const key = env.SECRETS_KEY ? Buffer.from(env.SECRETS_KEY, 'base64') : env.demoMode ? DEMO_KEY : null
  const box: SecretBox = {
    encrypt(field, plain) {
      if (!key)
        throw unprocessable(
          'Payment terminal keys cannot be saved: SECRETS_KEY is not configured on the server.',
          field,
        )
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(field))
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join(':')
    },
    decrypt(field, stored) {
      const [version, iv, tag, data] = stored.split(':')
      if (version !== VERSION || !iv || !tag || data === undefined || !key) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAAD(Buffer.from(field))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
      } catch {
        return null
      }
    },
    mask(field, stored) {
      if (!stored) return null
      const plain = box.decrypt(field, stored)
      return plain === null ? SECRET_MASK_PREFIX : maskSecret(plain)
    },
  }
  return box
}
