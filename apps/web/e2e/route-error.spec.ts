import { expect, test } from '@playwright/test'
import { expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

/**
 * A page whose code cannot be fetched (an open tab after an update asks for the previous version's file) showed
 * React Router's developer page, 'Unexpected Application Error!', with nothing to do (issue 18, seen on the walk).
 */
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAdmin(page)
})

test("a page whose code is gone after an update reloads once and opens; the developer's error page never shows", async ({
  page,
}) => {
  let refused = 0
  await page.route('**/assets/homepage-page-*.js', (route) =>
    refused++ === 0 ? route.abort('failed') : route.continue(),
  )
  await page
    .getByRole('link', { name: /^Homepage/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Homepage' })).toBeVisible()
  expect(refused).toBe(2)
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
})

test('a page that still cannot load after the reload says so, with a Reload button', async ({ page }) => {
  await page.route('**/assets/homepage-page-*.js', (route) => route.abort('failed'))
  await page
    .getByRole('link', { name: /^Homepage/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible()
  await expect(page.getByText('The page could not be loaded. Check the connection and reload.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'route-error', { fullPage: false })
  await page.unroute('**/assets/homepage-page-*.js')
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Homepage' })).toBeVisible()
})
