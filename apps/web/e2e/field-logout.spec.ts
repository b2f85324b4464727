import { expect, test } from '@playwright/test'
import { fieldApiGet } from './field-api.ts'
import { facilityResults, FIELD_URL, signInField } from './fixtures.ts'

test('logout revokes the token, clears the stored user and the facility list, and protects the app again', async ({
  page,
}) => {
  await signInField(page)
  await expect(facilityResults(page).first()).toBeVisible()
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('snapshot_user')!).token as string)
  expect(await page.evaluate(() => localStorage.getItem('snapshot_locations'))).not.toBeNull()

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('snapshot_user'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('snapshot_locations'))).toBeNull()

  expect((await fieldApiGet(page, '/api/session', token)).status).toBe(401)

  await page.goto(`${FIELD_URL}/`)
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  await expect(page).toHaveURL(`${FIELD_URL}/login?next=%2Falbany-ny-209`)
})
