import { expect, test } from '@playwright/test'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

test('the users table lists first name, last name, email and role', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/users`)
  const row = page.getByRole('row', { name: /editor@example\.com/ })
  await expect(row).toContainText('Emerson')
  await expect(row).toContainText('Lowry')
  await expect(row).toContainText('Content Editor')
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-users')
})

test('create, edit and delete a user with the spec messages', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/users`)
  await page.getByRole('button', { name: 'Create User' }).click()
  const create = page.getByRole('dialog', { name: 'Create User' })
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByRole('alert')).toHaveText('Please fill in all the required fields.')
  await create.getByLabel('Email').fill('jordan.reyes@example.com')
  await create.getByLabel('Password').fill('harbor-point-42')
  await create.getByLabel('First name').fill('Jordan')
  await create.getByLabel('Last name').fill('Reyes')
  await create.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'Customer Service' }).click()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-user-modal')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Account created successfully')).toBeVisible()
  const row = page.getByRole('row', { name: /jordan\.reyes@example\.com/ })
  await expect(row).toContainText('Customer Service')

  await row.getByRole('button', { name: 'Edit jordan.reyes@example.com' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  await expect(edit.getByLabel('Email')).toHaveAttribute('readonly', '')
  await edit.getByLabel('Last name').fill('Reyes-Ortiz')
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Account updated successfully')).toBeVisible()
  await expect(page.getByRole('row', { name: /jordan\.reyes@example\.com/ })).toContainText('Reyes-Ortiz')

  await page.getByRole('button', { name: 'Delete jordan.reyes@example.com' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete user' })
  await expect(confirm).toContainText('Are you sure you want to delete this user?')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('User was successfully deleted')).toBeVisible()
  await expect(page.getByRole('row', { name: /jordan\.reyes@example\.com/ })).toHaveCount(0)
})

test("a refused create shows the server's message, or 'Error occurred while creating new user'", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/users`)
  let body = JSON.stringify({ error: 'unavailable', message: 'The directory is read-only today.' })
  await page.route('**/api/users', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body })
      : route.fallback(),
  )
  await page.getByRole('button', { name: 'Create User' }).click()
  const create = page.getByRole('dialog', { name: 'Create User' })
  await create.getByLabel('Email').fill('casey.nguyen@example.com')
  await create.getByLabel('Password').fill('harbor-point-42')
  await create.getByLabel('First name').fill('Casey')
  await create.getByLabel('Last name').fill('Nguyen')
  await create.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'Customer Service' }).click()
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByRole('alert')).toHaveText('The directory is read-only today.')
  body = ''
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByRole('alert')).toHaveText('Error occurred while creating new user')
})

test('a disabled user is signed out at the next page load', async ({ page, browser }) => {
  await signInAdmin(page)
  const roles = (await adminApi<Array<{ id: number; name: string }>>(page, 'GET', '/api/roles')).body
  const created = await adminApi<{ id: number }>(page, 'POST', '/api/users', {
    email: 'temp.clerk@example.com',
    password: 'temporary-pass-1',
    firstName: 'Tem',
    lastName: 'Porary',
    role_id: roles.find((role) => role.name === 'Content Editor')!.id,
  })
  expect(created.status).toBe(201)

  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signInAdmin(otherPage, 'temp.clerk@example.com', 'temporary-pass-1')

  await page.goto(`${ADMIN_URL}/users`)
  await page.getByRole('button', { name: 'Edit temp.clerk@example.com' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  await edit.getByLabel('Account disabled').check()
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Account updated successfully')).toBeVisible()

  await otherPage.reload()
  await expect(otherPage).toHaveURL(/\/login/)
  await other.close()
  await adminApi(page, 'DELETE', `/api/users?userId=${created.body.id}`)
})

test('a user with is_clerk_role gets the clerk app', async ({ page, browser }) => {
  await signInAdmin(page)
  const roles = (await adminApi<Array<{ id: number; name: string }>>(page, 'GET', '/api/roles')).body
  const created = await adminApi<{ id: number }>(page, 'POST', '/api/users', {
    email: 'clerk@example.com',
    password: 'clerk-demo-123',
    firstName: 'Casey',
    lastName: 'Clerk',
    role_id: roles.find((role) => role.name === 'Customer Service')!.id,
    is_clerk_role: true,
  })
  expect(created.status).toBe(201)
  const clerkContext = await browser.newContext()
  const clerkPage = await clerkContext.newPage()
  await clerkPage.goto(`${ADMIN_URL}/login`)
  await clerkPage.getByLabel('Email').fill('clerk@example.com')
  await clerkPage.getByLabel('Password').fill('clerk-demo-123')
  await clerkPage.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(clerkPage.getByRole('heading', { name: 'Welcome, Casey' })).toBeVisible()
  await expect(clerkPage.getByText('Clerk app', { exact: true })).toBeVisible()
  await expectAccessible(clerkPage)
  await screenshotBoth(clerkPage, 'admin-clerk-app')
  await clerkContext.close()
  await adminApi(page, 'DELETE', `/api/users?userId=${created.body.id}`)
})
