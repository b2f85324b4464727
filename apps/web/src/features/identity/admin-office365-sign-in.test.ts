import { describe, expect, test } from 'vitest'
import { providerErrorMessage, readOffice365Return } from './admin-office365-sign-in.ts'

describe('what the identity provider put on /azure', () => {
  test('a code with its state, and the issuer when given', () => {
    expect(readOffice365Return('?code=c1&state=s1&iss=http%3A%2F%2Fidp')).toEqual({
      kind: 'code',
      code: 'c1',
      state: 's1',
      iss: 'http://idp',
    })
    expect(readOffice365Return('?code=c1&state=s1')).toEqual({ kind: 'code', code: 'c1', state: 's1' })
  })

  test('an error wins over anything else', () => {
    expect(readOffice365Return('?error=access_denied&state=s1')).toEqual({ kind: 'error', error: 'access_denied' })
  })

  test('a code without a state, or nothing at all, is not an answer', () => {
    expect(readOffice365Return('?code=c1')).toEqual({ kind: 'none' })
    expect(readOffice365Return('')).toEqual({ kind: 'none' })
  })
})

test("Cancel at the identity provider says so; any other error is the spec's 'Email not registered…'", () => {
  expect(providerErrorMessage('access_denied')).toBe(
    'Office 365 sign-in was cancelled. Sign in again when you are ready.',
  )
  expect(providerErrorMessage('server_error')).toBe(
    'Email not registered. Please contact administrator to register your email to the system.',
  )
})
