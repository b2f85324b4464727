import { expect, test } from 'vitest'
import { nextPathAfterLogin } from './next-path.ts'

test('sign-in returns to the originally requested page', () => {
  expect(nextPathAfterLogin('/albany-ny-209?tab=1#gate')).toBe('/albany-ny-209?tab=1#gate')
})

test('without a requested page sign-in goes to Facility Search', () => {
  expect(nextPathAfterLogin(null)).toBe('/')
  expect(nextPathAfterLogin('')).toBe('/')
})

test('a next value pointing at another site is ignored', () => {
  expect(nextPathAfterLogin('https://evil.example/')).toBe('/')
  expect(nextPathAfterLogin('//evil.example/')).toBe('/')
  expect(nextPathAfterLogin('/\\evil.example/')).toBe('/')
  expect(nextPathAfterLogin('javascript:alert(1)')).toBe('/')
})

test('next never leads back to the login page', () => {
  expect(nextPathAfterLogin('/login?next=%2F')).toBe('/')
})
