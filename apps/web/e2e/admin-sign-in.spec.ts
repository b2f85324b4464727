import { expect, test } from '@playwright/test'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdminWithForm } from './fixtures.ts'

test("login with empty fields shows 'Please enter a valid email and password' without asking the server", async ({
  page,
}) => {
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth')) calls.push(request.url())
  })
  await page.goto(`${ADMIN_URL}/login`)
  await expect(page.getByRole('button', { name: 'Login with Office 365' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-login')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email and password')
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email and password')
  expect(calls).toEqual([])
})

test('a failed login gives the same message', async ({ page }) => {
  await page.goto(`${ADMIN_URL}/login`)
  await page.getByLabel('Email').fill('cs@example.com')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email and password')
  await expect(page).toHaveURL(`${ADMIN_URL}/login`)
  await screenshotBoth(page, 'admin-login-error')
  // A good sign-in clears the failure count for the account.
  await page.getByLabel('Password').fill('cs-demo')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Internal website for Customer Service!' })).toBeVisible()
})

test('a signed-out visitor goes to login and comes back to the page asked for', async ({ page }) => {
  await page.goto(`${ADMIN_URL}/users`)
  await expect(page).toHaveURL(`${ADMIN_URL}/login?next=%2Fusers`)
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByLabel('Password').fill('admin-demo')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/users`)
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible()
})

test('the superadmin signs in with email and password and lands on the home page', async ({ page }) => {
  await signInAdminWithForm(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal website for Superadmin!')
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('admin_user') ?? 'null') as { user: { email: string } } | null,
  )
  expect(stored?.user.email).toBe('admin@example.com')
})
