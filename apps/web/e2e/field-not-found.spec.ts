import { expect, test } from '@playwright/test'
import { expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

test.beforeEach(async ({ page }) => {
  await signInField(page)
})

test('an unknown facility slug shows Page Not Found with a way back to search', async ({ page }) => {
  await page.goto(`${FIELD_URL}/no-such-facility-999`)
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-not-found')
  await page.getByRole('link', { name: 'Back to Facility Search' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Search' })).toBeVisible()
})

test('any other path shows Page Not Found', async ({ page }) => {
  for (const path of ['/404', '/some/random/path', '/albany-ny-209/unknown', '/snapshot/unknown']) {
    await page.goto(`${FIELD_URL}${path}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  }
})
