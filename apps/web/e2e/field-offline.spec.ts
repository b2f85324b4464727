import { expect, test, type Page } from '@playwright/test'
import { databaseNames } from './device-storage.ts'
import { FIELD_URL, expectAccessible, screenshotBoth, signInField } from './fixtures.ts'
import { taskApi } from './tasks-api.ts'

test.use({ serviceWorkers: 'allow' })

const savedReadsKept = async (page: Page) => (await databaseNames(page)).includes('storageops-saved-reads')
const NOT_SAVED =
  'You are offline and this was not saved on this device. Open it once with a connection to read it offline.'

test('offline, a facility opened before still shows with its last-fetched time; one never opened says so; logout clears what was saved', async ({
  context,
  page,
}) => {
  await signInField(page, 'pmanager')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  await expect(page.getByRole('heading', { level: 1, name: 'Albany Station #209' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Gate Access', exact: true })).toBeVisible()
  const gateAccess = await page.getByRole('region', { name: 'Gate Access' }).innerText()
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Albany Station #209' })).toBeVisible()
  expect(await page.getByRole('region', { name: 'Gate Access' }).innerText()).toBe(gateAccess)
  const banner = page.getByRole('status').filter({ hasText: 'Offline' })
  await expect(banner).toContainText(
    /Showing what this device saved, last fetched \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)\./,
  )
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-facility', { fullPage: false })

  await page.goto(`${FIELD_URL}/austin-tx-100`)
  await expect(page.getByRole('heading', { level: 1, name: 'Austin North #100' })).toBeVisible()
  await expect(page.getByText(NOT_SAVED)).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-not-saved', { fullPage: false })

  await context.setOffline(false)
  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: 'Gate Access', exact: true })).toBeVisible()
  await expect(banner).toHaveCount(0)
  expect(await page.evaluate(() => caches.has('field-api'))).toBe(true)
  // Opening the facility saved its unit list (for unit tasks offline) too.
  await expect.poll(() => savedReadsKept(page)).toBe(true)
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
  expect(await page.evaluate(() => caches.has('field-api'))).toBe(false)
  await expect.poll(() => savedReadsKept(page)).toBe(false)
})

test("offline, the facility list, a facility's nearby facilities, the map floor looked at and its open tasks read before still show; a refused token deletes them", async ({
  context,
  page,
}) => {
  await signInField(page, 'pmanager')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.goto(`${FIELD_URL}/mesa-az-112/map`)
  await expect(page.getByRole('region', { name: 'Map of floor 1' })).toBeVisible()
  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/AZ112`)
  const tasks = page.getByRole('region', { name: 'Property Tasks' })
  await expect(tasks.getByTestId('task-card').first()).toBeVisible()
  const tasksOnline = await tasks.innerText()
  await page.goto(`${FIELD_URL}/mesa-az-112`)
  await expect(page.getByRole('heading', { level: 2, name: 'Gate Access', exact: true })).toBeVisible()
  await expect.poll(() => savedReadsKept(page)).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await page.getByRole('button', { name: 'Nearby Facilities' }).click()
  const nearby = page.getByRole('dialog', { name: 'Nearby Facilities' })
  await expect(nearby.getByRole('link', { name: 'Scottsdale West #113' })).toBeVisible()
  await nearby.getByRole('button', { name: 'Close' }).click()

  await page.goto(`${FIELD_URL}/mesa-az-112/map`)
  await expect(page.getByRole('radio', { name: 'Floor 1' })).toBeChecked()
  await expect(page.getByRole('region', { name: 'Map of floor 1' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText('last fetched')

  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/AZ112`)
  await expect(tasks.getByTestId('task-card').first()).toBeVisible()
  expect(await tasks.innerText()).toBe(tasksOnline)
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText('last fetched')
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-facility-tasks', { fullPage: false })
  await page.goto(`${FIELD_URL}/`)
  await page.getByPlaceholder('Search by Site Code or Address...').fill('AZ112')
  await expect(page.getByRole('link', { name: /^Mesa East #112 \|/ })).toBeVisible()

  // Back online, the server no longer takes the token (revoked elsewhere): the next read deletes what was saved.
  await context.setOffline(false)
  expect((await taskApi(page, 'POST', '/api/logout')).status).toBe(204)
  await page.goto(`${FIELD_URL}/mesa-az-112`)
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => caches.has('field-api'))).toBe(false)
  await expect.poll(() => savedReadsKept(page)).toBe(false)
})
