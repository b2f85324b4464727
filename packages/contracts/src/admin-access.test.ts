import { describe, expect, test } from 'vitest'
import { ROLE_PAGE_PATHS, UpdateRoleInput } from './roles.ts'
import { CreateUserInput, UpdateUserInput } from './users.ts'

describe('user and role payloads', () => {
  test("a new user without email or password gets 'Please fill in all the required fields.'", () => {
    const result = CreateUserInput.safeParse({ email: ' ', password: '', role_id: 1 })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toContain('Please fill in all the required fields.')
  })

  test('a new user email is trimmed and lower-cased; short passwords are refused', () => {
    expect(CreateUserInput.parse({ email: ' Jo@Example.COM ', password: 'long-enough', role_id: 2 }).email).toBe(
      'jo@example.com',
    )
    expect(CreateUserInput.safeParse({ email: 'jo@example.com', password: 'short', role_id: 2 }).success).toBe(false)
  })

  test('an update with a blank email gets "Email can\'t be blank."; an empty password keeps the current one', () => {
    const blank = UpdateUserInput.safeParse({ id: 1, email: '  ', role_id: 1 })
    expect(blank.error?.issues[0]?.message).toBe("Email can't be blank.")
    expect(UpdateUserInput.parse({ id: 1, email: 'a@b.co', password: '', role_id: 1 }).password).toBe('')
  })

  test('a role may be given only the admin pages of the route table', () => {
    expect(ROLE_PAGE_PATHS).toHaveLength(23)
    expect(UpdateRoleInput.safeParse({ id: 1, name: 'X', allowed_pages: ['/faq', '/users'] }).success).toBe(true)
    for (const page of ['/roles', '/homepage', '/', '/faq/questions/new']) {
      expect(UpdateRoleInput.safeParse({ id: 1, name: 'X', allowed_pages: [page] }).success).toBe(false)
    }
  })
})
