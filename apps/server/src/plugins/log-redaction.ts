import type { FastifyRequest } from 'fastify'

// Query parameters that carry a secret or a one-time credential: sign-in codes, states, tokens, passwords.
const SECRET_PARAMS = new Set([
  'code',
  'state',
  'nonce',
  'code_verifier',
  'code_challenge',
  'token',
  'id_token',
  'access_token',
  'password',
  'client_secret',
  'sso_ticket',
  'session_state',
])

/** The request URL with secret query values replaced by [redacted], so logs never hold a code or token. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart === -1) return url
  const params = new URLSearchParams(url.slice(queryStart + 1))
  let changed = false
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, '[redacted]')
      changed = true
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url
}

/** Fastify's request log line without secrets in the URL (ASVS V7.1.1); headers are never logged. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }
}
