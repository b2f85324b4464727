import { expect, test } from '@playwright/test'
import { ADMIN_URL, FIELD_URL } from './fixtures.ts'

test('the host picks the app', async ({ page }) => {
  await page.goto(`${FIELD_URL}/login`)
  await expect(page.getByText('LoginPage')).toBeVisible()
  await page.goto(`${ADMIN_URL}/`)
  await expect(page.getByText('Admin console')).toBeVisible()
})
