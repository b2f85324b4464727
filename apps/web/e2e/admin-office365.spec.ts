import { expect, test, type Page } from '@playwright/test'
import { ADMIN_URL, expectAccessible, screenshotBoth } from './fixtures.ts'

const EMAIL_NOT_REGISTERED = 'Email not registered. Please contact administrator to register your email to the system.'

async function signInAtProvider(page: Page, email: string, password = 'office-demo') {
  await page.goto(`${ADMIN_URL}/login`)
  await page.getByRole('button', { name: 'Login with Office 365' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('Login with Office 365 goes through the identity provider and back to /azure, then home', async ({ page }) => {
  await page.goto(`${ADMIN_URL}/login`)
  await page.getByRole('button', { name: 'Login with Office 365' }).click()
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
  await screenshotBoth(page, 'admin-office365-provider')
  // Hold the account lookup so 'Getting account info...' can be seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/users/find', async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('Email').fill('editor@example.com')
  await page.getByLabel('Password').fill('office-demo')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Getting account info...')).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/azure`)
  await expect(page.getByRole('banner')).toHaveCount(0)
  await screenshotBoth(page, 'admin-azure-loading')
  release()
  await expect(page.getByRole('heading', { name: 'Internal website for Content Editor!' })).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/`)
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('admin_user') ?? 'null') as { user: { email: string } } | null,
  )
  expect(stored?.user.email).toBe('editor@example.com')
})

test("an Office 365 account with no user shows the 'Email not registered' banner and clears local storage", async ({
  page,
}) => {
  await page.goto(`${ADMIN_URL}/login`)
  await page.evaluate(() => localStorage.setItem('admin_marker', 'left over'))
  await signInAtProvider(page, 'stranger@example.com')
  await expect(page.getByRole('alert')).toHaveText(EMAIL_NOT_REGISTERED)
  await expect(page).toHaveURL(`${ADMIN_URL}/azure`)
  expect(await page.evaluate(() => localStorage.getItem('admin_user'))).toBeNull()
  await expect(page.getByRole('button', { name: 'Login with Office 365' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-azure-not-registered')
})

test('cancelling at the identity provider says sign-in was cancelled, on the sign-in screen', async ({ page }) => {
  await page.goto(`${ADMIN_URL}/login`)
  await page.getByRole('button', { name: 'Login with Office 365' }).click()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Office 365 sign-in was cancelled. Sign in again when you are ready.',
  )
  expect(new URL(page.url()).search).toBe('')
})

test('a tampered state on /azure is refused and nothing is stored', async ({ page }) => {
  await page.goto(`${ADMIN_URL}/login`)
  await page.getByRole('button', { name: 'Login with Office 365' }).click()
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
  // The state the provider sent back is altered before it reaches the server.
  await page.route('**/api/auth/office365/callback', async (route) => {
    const body = route.request().postDataJSON() as { state: string }
    await route.continue({ postData: JSON.stringify({ ...body, state: `${body.state}tampered` }) })
  })
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByLabel('Password').fill('office-demo')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Office 365 sign-in could not be completed. Please try again.')
  expect(await page.evaluate(() => localStorage.getItem('admin_user'))).toBeNull()
})
