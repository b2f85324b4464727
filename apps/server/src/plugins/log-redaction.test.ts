import { describe, expect, test } from 'vitest'
import { redactUrl } from './log-redaction.ts'

describe('request URLs in the log', () => {
  test('codes, states and tokens in the query are replaced', () => {
    expect(redactUrl('/azure?code=abc123&state=xyz&iss=http%3A%2F%2Fidp')).toBe(
      '/azure?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=http%3A%2F%2Fidp',
    )
    expect(redactUrl('/oidc/auth?client_id=app&nonce=n1&code_challenge=c1')).not.toMatch(/n1|c1/)
    expect(redactUrl('/x?Token=secret')).not.toContain('secret')
  })

  test('a URL without secrets is left as it is', () => {
    expect(redactUrl('/api/users?userId=4')).toBe('/api/users?userId=4')
    expect(redactUrl('/api/users')).toBe('/api/users')
  })
})
