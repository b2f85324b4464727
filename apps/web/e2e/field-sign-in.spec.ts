import { expect, test } from '@playwright/test'
import { expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

test('a signed-out visitor is sent to login and returned to the requested page after signing in', async ({ page }) => {
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  await expect(page).toHaveURL(`${FIELD_URL}/login?next=%2Falbany-ny-209`)
  await page.getByLabel('Username').fill('csagent')
  await page.getByLabel('Password').fill('snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/albany-ny-209`)
  await expect(page.getByRole('heading', { level: 1, name: 'Albany Station #209' })).toBeVisible()
})

test('login with an empty field shows the spec alert without asking the server', async ({ page }) => {
  const signInCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/ssm')) signInCalls.push(request.url())
  })
  await page.goto(`${FIELD_URL}/login`)
  await expectAccessible(page)
  await screenshotBoth(page, 'field-login')

  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toContainText('Please enter a valid username and password')

  await page.getByLabel('Username').fill('csagent')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('alert')).toContainText('Please enter a valid username and password')
  expect(signInCalls).toEqual([])
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
})

test("a wrong password shows the server's message in a red alert above the form", async ({ page }) => {
  await page.goto(`${FIELD_URL}/login`)
  await page.getByLabel('Username').fill('csagent')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Login' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Invalid username or password.')
  // Red, and above the form's first field.
  const [red, green, blue] = await alert.evaluate((element) => {
    const hex = getComputedStyle(element).getPropertyValue('--alert-color').trim()
    return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16))
  })
  expect(red! - Math.max(green!, blue!)).toBeGreaterThan(100)
  const alertBox = await alert.boundingBox()
  const usernameBox = await page.getByLabel('Username').boundingBox()
  expect(alertBox!.y).toBeLessThan(usernameBox!.y)
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
  await screenshotBoth(page, 'field-login-error')
})

test('a signed-in user who opens the login page goes to Facility Search', async ({ page }) => {
  await signInField(page)
  await page.goto(`${FIELD_URL}/login`)
  await expect(page).toHaveURL(`${FIELD_URL}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Search' })).toBeVisible()
})

test('a next address pointing at another site is ignored after sign-in', async ({ page }) => {
  await page.goto(`${FIELD_URL}/login?next=${encodeURIComponent('//evil.example/')}`)
  await page.getByLabel('Username').fill('pmanager')
  await page.getByLabel('Password').fill('snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/`)
  await expect(page.getByText('Property Manager')).toBeVisible()
})
