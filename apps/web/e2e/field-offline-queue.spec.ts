import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import type { Task } from '@storageops/contracts/tasks'
import { choose, expectAccessible, FIELD_URL, screenshotBoth, settled, signInField } from './fixtures.ts'
import { makePng } from './png.ts'
import { createPropertyTask, freePropertyType, openTasksOf, taskApi } from './tasks-api.ts'

test.use({ serviceWorkers: 'allow' })

const SITE = 'CA120'
const QUEUED = 'Saved on this device. It will be sent when the network returns.'

const readTask = async (page: Page, id: number) => (await taskApi<Task>(page, 'GET', `/api/tasks/${id}`)).body
const taskPage = (task: Task) => `${FIELD_URL}/snapshot/task-details/${SITE}/${task.id}`
const syncPanel = (page: Page) => page.getByRole('region', { name: 'Changes made on this device' })

async function openOnline(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  await page.goto(url)
  await ready(page)
}

async function addNote(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Note' }).fill(text)
  await page.getByRole('button', { name: 'Add Note' }).click()
}

/** Signs in as a property manager, opens a task of its own online, then adds `note` offline: it waits to sync. */
async function noteWaitingToSync(context: BrowserContext, page: Page, title: string, note: string) {
  await signInField(page, 'pmanager')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const task = await createPropertyTask(page, SITE, `${title} ${Date.now()}`)
  await openOnline(page, taskPage(task), (page) =>
    expect(page.getByRole('heading', { level: 1 })).toContainText(task.task_type.title),
  )
  await context.setOffline(true)
  await addNote(page, note)
  await expect(syncPanel(page).getByText('1 waiting to sync')).toBeVisible()
  return task
}

test('offline, a note, an assignment, a close and a new task with a photo wait on the phone and sync once, in order; refusals say why and keep the text', async ({
  context,
  page,
}) => {
  test.setTimeout(120_000)
  await signInField(page, 'pmanager')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const stamp = Date.now()
  const worked = await createPropertyTask(page, SITE, `Worked offline ${stamp}`)
  const closedMeanwhile = await createPropertyTask(page, SITE, `Closed meanwhile ${stamp}`)
  const alreadyOpen = await createPropertyTask(page, SITE, `Already open ${stamp}`)
  const freeType = await freePropertyType(page, SITE)

  // Read online first, so the service worker keeps the screens used offline.
  for (const task of [worked, closedMeanwhile])
    await openOnline(page, taskPage(task), (page) =>
      expect(page.getByRole('heading', { level: 1 })).toContainText(task.task_type.title),
    )
  await openOnline(page, `${FIELD_URL}/snapshot/facility-tasks/${SITE}`, (page) =>
    expect(page.getByText(`Worked offline ${stamp}`)).toBeVisible(),
  )
  await openOnline(page, `${FIELD_URL}/snapshot/new-task/${SITE}`, (page) =>
    expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible(),
  )
  // Someone at a desk closes a task while the phone is behind a gate.
  await taskApi(page, 'POST', '/api/task_activities', {
    task_id: closedMeanwhile.id,
    status: 'closed',
    note: 'Closed at the desk.',
  })

  // The phone acted 20 minutes before it synced: its clock stands still at that moment while offline.
  const actedAt = new Date(Date.now() - 20 * 60_000)
  actedAt.setSeconds(0, 0)
  await page.clock.setFixedTime(actedAt)
  await context.setOffline(true)
  await page.goto(taskPage(worked))
  await addNote(page, `Latch replaced ${stamp}`)
  await expect(page.getByText(QUEUED).first()).toBeVisible()
  await expect(syncPanel(page).getByText('1 waiting to sync')).toBeVisible()
  await choose(page, 'Assign to', 'Regional Manager')
  await page.getByRole('button', { name: 'Assign' }).click()
  await expect(syncPanel(page).getByText('2 waiting to sync')).toBeVisible()
  await page.getByRole('textbox', { name: 'Note' }).fill(`Done, gate tested ${stamp}`)
  await page.getByRole('button', { name: 'Close Task' }).click()
  await page.getByRole('dialog', { name: 'Close Task' }).getByRole('button', { name: 'Yes, close it' }).click()
  await expect(syncPanel(page).getByText('3 waiting to sync')).toBeVisible()

  await page.goto(taskPage(closedMeanwhile))
  await addNote(page, `Tenant called back ${stamp}`)
  await expect(syncPanel(page).getByText('4 waiting to sync')).toBeVisible()

  for (const [type, description] of [
    [freeType.title, `New task made offline ${stamp}`],
    [alreadyOpen.task_type.title, `Reported again offline ${stamp}`],
  ] as const) {
    await page.goto(`${FIELD_URL}/snapshot/new-task/${SITE}`)
    await choose(page, 'Category', 'Property')
    await choose(page, 'Task Type', type)
    await page.getByRole('textbox', { name: 'Description' }).fill(description)
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: `offline-${stamp}.png`, mimeType: 'image/png', buffer: makePng(64, 48, [30, 140, 90]) }])
    await page.getByRole('button', { name: 'Create Task' }).click()
    await expect(page).toHaveURL(`${FIELD_URL}/snapshot/facility-tasks/${SITE}`)
  }
  await expect(syncPanel(page).getByText('6 waiting to sync')).toBeVisible()
  await syncPanel(page).getByRole('button', { name: 'Show changes' }).click()
  const newTask = syncPanel(page)
    .getByRole('listitem')
    .filter({ hasText: `New task made offline ${stamp}` })
  await expect(newTask).toContainText('1 photo')
  await expect(newTask).toContainText('Waiting')
  await settled(syncPanel(page))
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-queue-waiting', { fullPage: false })

  await context.setOffline(false)
  await expect(syncPanel(page).getByText('Nothing waiting to sync')).toBeVisible({ timeout: 30_000 })
  await expect(syncPanel(page).getByText('2 not synced')).toBeVisible()
  await expect(page.getByText('4 changes synced.')).toBeVisible()
  const duplicate = page.getByRole('dialog', { name: 'Duplicate task' })
  await expect(duplicate).toBeVisible()
  await settled(duplicate)
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-queue-duplicate', { fullPage: false })
  await duplicate.getByRole('button', { name: 'Cancel' }).click()

  const refusedNote = syncPanel(page).getByRole('listitem', { name: `Note on task #${closedMeanwhile.id}` })
  await expect(refusedNote).toContainText('Not synced')
  await expect(refusedNote).toContainText('Only open tasks can take notes. Reopen the task first.')
  await expect(refusedNote).toContainText(`Tenant called back ${stamp}`)
  const refusedTask = syncPanel(page)
    .getByRole('listitem')
    .filter({ hasText: `Reported again offline ${stamp}` })
  await expect(refusedTask).toContainText('A duplicate open task already exists')
  await expect(newTask).toContainText('Synced')
  for (const label of ['Note', 'Assignment', 'Close'])
    await expect(syncPanel(page).getByRole('listitem', { name: `${label} on task #${worked.id}` })).toContainText(
      'Synced',
    )
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-queue-results', { fullPage: false })

  // Each write reached the server once, in the order it was made.
  const after = await readTask(page, worked.id)
  expect(after.task_activities.map((activity) => activity.action)).toEqual(['close', 'assign', 'note', 'create'])
  expect(after.task_activities[2]!.note).toBe(`Latch replaced ${stamp}`)
  expect(after.task_activities[2]!.acted_at).toBe(actedAt.toISOString())
  expect(after.status).toBe('closed')
  const made = (await openTasksOf(page, SITE, 'property')).filter(
    (task) => task.description === `New task made offline ${stamp}`,
  )
  expect(made).toHaveLength(1)
  expect(made[0]!.images).toHaveLength(1)
  expect((await readTask(page, closedMeanwhile.id)).task_activities.map((activity) => activity.action)).toEqual([
    'close',
    'create',
  ])

  // The open duplicate is still offered from the refused write.
  await refusedTask.getByRole('button', { name: 'Open Task' }).click()
  await duplicate.getByRole('button', { name: 'Open Task' }).click()
  await expect(page).toHaveURL(taskPage(alreadyOpen))

  // The activity log shows when the note was made on the phone beside when it synced.
  await page.goto(taskPage(worked))
  const phoneTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(actedAt)
  await expect(page.getByTestId('activity-entry').filter({ hasText: `Latch replaced ${stamp}` })).toContainText(
    new RegExp(`Done on the phone at (\\d\\d/\\d\\d/\\d{4} )?${phoneTime} · synced`),
  )
  await screenshotBoth(page, 'field-offline-queue-action-time')
})

test('logout with changes waiting to sync asks first and then discards them', async ({ context, page }) => {
  test.setTimeout(90_000)
  const task = await noteWaitingToSync(context, page, 'Logout with a queue', 'Never sent.')
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
  const ask = page.getByRole('dialog', { name: 'Logout' })
  await expect(ask).toContainText(
    '1 change made on this device is still waiting to sync and will be lost if you log out now.',
  )
  await ask.getByRole('button', { name: 'Stay signed in' }).click()
  await expect(syncPanel(page).getByText('1 waiting to sync')).toBeVisible()
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
  await ask.getByRole('button', { name: 'Logout and discard' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/login`)

  await context.setOffline(false)
  await signInField(page, 'pmanager')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(syncPanel(page)).toHaveCount(0)
  expect((await readTask(page, task.id)).task_activities.map((activity) => activity.action)).toEqual(['create'])
})

test('a sync that fails on the way, with the browser online, is tried again by itself', async ({ context, page }) => {
  test.setTimeout(60_000)
  const task = await noteWaitingToSync(context, page, 'Weak signal', 'Sent on the second try.')

  // The browser says it is online again, but the first send gets nowhere (a gate's weak signal).
  let failedSends = 0
  await page.route('**/api/task_activities', async (route) => {
    failedSends++
    await route.abort('internetdisconnected')
  })
  await context.setOffline(false)
  await expect.poll(() => failedSends).toBe(1)
  await expect(syncPanel(page).getByText('1 waiting to sync')).toBeVisible()
  await expect(syncPanel(page)).toContainText('The last try did not get through. Trying again shortly.')
  await page.unroute('**/api/task_activities')
  await expect(syncPanel(page).getByText('Nothing waiting to sync')).toBeVisible({ timeout: 15_000 })
  await expect(syncPanel(page)).not.toContainText('Trying again')
  const activities = (await readTask(page, task.id)).task_activities
  expect(activities.map((activity) => activity.action)).toEqual(['note', 'create'])
  expect(activities[0]!.note).toBe('Sent on the second try.')

  // Sync now sends at once instead of waiting for the next try.
  await context.setOffline(true)
  await addNote(page, 'Sent with Sync now.')
  await page.route('**/api/task_activities', (route) => route.abort('internetdisconnected'))
  await context.setOffline(false)
  const syncNow = syncPanel(page).getByRole('button', { name: 'Sync now' })
  await expect(syncNow).toBeVisible()
  await settled(syncPanel(page))
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-queue-retrying', { fullPage: false })
  await page.unroute('**/api/task_activities')
  await syncNow.click()
  await expect(syncPanel(page).getByText('Nothing waiting to sync')).toBeVisible({ timeout: 4_000 })
  expect((await readTask(page, task.id)).task_activities[0]!.note).toBe('Sent with Sync now.')
})

test('on a phone (390×844) the toasts leave the sync panel in sight', async ({ context, page }) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await noteWaitingToSync(context, page, 'Toasts on a phone', 'Synced beside the toast.')
  await context.setOffline(false)
  const toast = page.getByRole('alert').filter({ hasText: '1 change synced.' })
  await expect(toast).toBeVisible({ timeout: 15_000 })
  await expect(syncPanel(page).getByText('Nothing waiting to sync')).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 0))
  const panel = (await syncPanel(page).boundingBox())!
  const shown = (await toast.boundingBox())!
  expect(shown.y >= panel.y + panel.height || shown.y + shown.height <= panel.y).toBe(true)
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-queue-phone-toast', { fullPage: false })
})
