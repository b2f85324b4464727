import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1, keyed with the account's auth token, of the
 * full URL the request was sent to followed by every POST parameter, sorted by name, as name + value;
 * base64. Used by the stand-in to sign its callbacks and by our webhooks to check them.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((name) => {
        const value = params[name]!
        return Array.isArray(value)
          ? [...value]
              .sort()
              .map((item) => name + item)
              .join('')
          : name + value
      })
      .join('')
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64')
}

/** Whether `signature` is Twilio's signature of this request (compared in constant time). */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string | string[]>,
): boolean {
  if (!signature) return false
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
