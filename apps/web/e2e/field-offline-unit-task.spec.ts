import { expect, test, type Page } from '@playwright/test'
import type { Location } from '@storageops/contracts/facilities'
import { choose, expectAccessible, FIELD_URL, screenshotBoth, settled, signInField } from './fixtures.ts'
import { databaseNames, readStore } from './device-storage.ts'
import { getTaskTypes, openTasksOf, taskApi } from './tasks-api.ts'

test.use({ serviceWorkers: 'allow' })

const OPENED = 'OR132'
const NEVER_OPENED = 'OR133'
const QUEUED = 'Saved on this device. It will be sent when the network returns.'
const NOT_SAVED =
  'You are offline and this was not saved on this device. Open it once with a connection to read it offline.'
const SAVED_READS_DB = 'storageops-saved-reads'

const syncPanel = (page: Page) => page.getByRole('region', { name: 'Changes made on this device' })
/** The unit numbers saved on this phone for a facility (none when nothing is saved). */
const savedUnits = async (page: Page, siteCode: string) =>
  ((await readStore(page, SAVED_READS_DB, 'reads', `units/${siteCode}`)) as { data: string[] } | undefined)?.data ?? []

test('offline, a unit task is made for a facility opened before from its saved unit list and synced once; a facility never opened says its units were not saved; an expired session deletes them', async ({
  context,
  page,
}) => {
  test.setTimeout(90_000)
  await signInField(page, 'rmanager')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const stamp = Date.now()
  const [facility] = (await taskApi<Location[]>(page, 'GET', `/api/locations?location_code=${OPENED}`)).body
  const unitType = (await getTaskTypes(page)).find((type) => type.category === 'unit')!
  const taken = new Set((await openTasksOf(page, OPENED, 'unit')).map((task) => task.unit_no))

  // Opening the facility online saves its unit list on the phone in the background.
  await page.goto(`${FIELD_URL}/${facility!.slug}`)
  await expect(page.getByRole('heading', { level: 2, name: 'Gate Access', exact: true })).toBeVisible()
  await expect.poll(async () => (await savedUnits(page, OPENED)).length, { timeout: 15_000 }).toBeGreaterThan(0)
  const unitNo = (await savedUnits(page, OPENED)).find((unit) => !taken.has(unit))!

  await context.setOffline(true)
  await page.getByRole('link', { name: 'Create New Task' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Task' })).toBeVisible()
  await choose(page, 'Category', 'Unit')
  await choose(page, 'Task Type', unitType.title)
  const unit = page.getByRole('combobox', { name: 'Unit' })
  await expect(unit).toBeEnabled()
  await expect(
    page.getByText(/^Saved on this device, last fetched \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)\.$/),
  ).toBeVisible()
  await choose(page, 'Unit', unitNo, unitNo)
  await page.getByRole('textbox', { name: 'Description' }).fill(`Door off its track ${stamp}`)
  await settled(page.getByRole('main'))
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-unit-task-form', { fullPage: false })
  await page.getByRole('button', { name: 'Create Task' }).click()
  await expect(page.getByText(QUEUED).first()).toBeVisible()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/facility-tasks/${OPENED}`)
  await expect(syncPanel(page).getByText('1 waiting to sync')).toBeVisible()

  // A facility never opened on this phone: its form opens from the saved facility list, its units were not saved.
  await page.goto(`${FIELD_URL}/snapshot/new-task/${NEVER_OPENED}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Task' })).toBeVisible()
  await choose(page, 'Category', 'Unit')
  await expect(page.getByText(`Units could not be loaded: ${NOT_SAVED}`)).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-unit-task-not-saved', { fullPage: false })

  await context.setOffline(false)
  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/${OPENED}`)
  await expect(syncPanel(page).getByText('Nothing waiting to sync')).toBeVisible({ timeout: 30_000 })
  const made = (await openTasksOf(page, OPENED, 'unit')).filter(
    (task) => task.description === `Door off its track ${stamp}`,
  )
  expect(made).toHaveLength(1)
  expect(made[0]!.unit_no).toBe(unitNo)
  expect(made[0]!.task_type.id).toBe(unitType.id)

  // The synced unit task, read once online, reads offline too.
  const taskPage = `${FIELD_URL}/snapshot/task-details/${OPENED}/${made[0]!.id}`
  await page.goto(taskPage)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${unitType.title} · ${unitNo}`)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${unitType.title} · ${unitNo}`)
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText('last fetched')

  // The session runs out on the phone: the next screen finds it expired and deletes what was saved with it.
  await context.setOffline(false)
  await page.reload()
  expect(await databaseNames(page)).toContain(SAVED_READS_DB)
  expect(await page.evaluate(() => caches.has('field-api'))).toBe(true)
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('snapshot_user')!) as { expires_at: string }
    localStorage.setItem('snapshot_user', JSON.stringify({ ...stored, expires_at: new Date(0).toISOString() }))
  })
  await page.goto(`${FIELD_URL}/`)
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => databaseNames(page)).not.toContain(SAVED_READS_DB)
  expect(await page.evaluate(() => caches.has('field-api'))).toBe(false)
})
