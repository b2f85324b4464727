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

test('a site code or slug in another case leads to the facility; any other path is exact (issue 34)', async ({
  page,
}) => {
  for (const [typed, canonical, heading] of [
    ['/Austin-TX-100', '/austin-tx-100', 'Austin North #100'],
    ['/AUSTIN-TX-100/map', '/austin-tx-100/map', 'Facility Map'],
    ['/snapshot/facility-tasks/tx100', '/snapshot/facility-tasks/TX100', 'Austin North #100'],
    ['/snapshot/new-task/tx100', '/snapshot/new-task/TX100', 'Create New Task'],
  ]) {
    await page.goto(`${FIELD_URL}${typed}`)
    await expect(page, typed).toHaveURL(`${FIELD_URL}${canonical}`)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
  for (const path of ['/SNAPSHOT/DASHBOARD', '/snapshot/dashboard/', '/Snapshot/Tasks-Overview', '/austin-tx-100/']) {
    await page.goto(`${FIELD_URL}${path}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' }), path).toBeVisible()
    await expect(page, path).toHaveURL(`${FIELD_URL}${path}`)
  }
  await expectAccessible(page)
  await screenshotBoth(page, 'field-not-found-other-case')
})
