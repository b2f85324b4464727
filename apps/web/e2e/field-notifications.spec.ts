import { expect, test, type Page } from '@playwright/test'
import type { Task } from '@storageops/contracts/tasks'
import { choose, expectAccessible, FIELD_URL, screenshotBoth, settled, signInField } from './fixtures.ts'
import { createTaskForRoleAs, getTaskTypes, openTasksOf } from './tasks-api.ts'

const SITE = 'TX105'

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })
const labelOf = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`)

/** Signs in and answers the unread count once the bell shows the first read of it (not the empty label before it). */
async function signInCounting(page: Page, username: string) {
  const listed = page.waitForResponse(
    (response) => response.url().includes('/api/notifications?') && response.request().method() === 'GET',
  )
  await signInField(page, username)
  const { unread_count } = (await (await listed).json()) as { unread_count: number }
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(unread_count))
  return unread_count
}
const itemOf = (page: Page, task: Pick<Task, 'id'>) =>
  page.locator(`a[href="/snapshot/task-details/${SITE}/${task.id}"]`)

test('a task created for my role by a manager rings my bell live; opening it lands on the task and it stays read', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000)
  const before = await signInCounting(page, 'csagent')

  const task = await createTaskForRoleAs(browser, 'pmanager', SITE, 'customer_service', `Rings the bell ${Date.now()}`)
  const type = task.task_type

  // Live: no reload.
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(before + 1))
  await bell(page).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel).toBeVisible()
  await settled(panel)
  const item = itemOf(page, task)
  await expect(item).toHaveAccessibleName(new RegExp(`^Unread: ${type.title} at `))
  await expect(item).toContainText('New task for your role by Parker Dawson')
  await expect(panel.getByText('Email me when a task is assigned to my role')).toBeVisible()
  await expect(panel.getByText('Push notifications are off on this server.')).toBeVisible()
  await expect(panel.getByRole('switch', { name: 'Push notifications on this device' })).toBeDisabled()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-notifications-desktop-panel', { fullPage: false })

  await item.click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/task-details/${SITE}/${task.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(type.title)
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(before))

  await page.reload()
  await bell(page).click()
  await expect(itemOf(page, task)).toHaveAccessibleName(new RegExp(`^${type.title} at `))
})

test("a manager creates a task for Customer Service on the create screen, online and offline through the queue; the CS user's bell counts each live", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000)
  const before = await signInCounting(page, 'csagent')

  const manager = await browser.newContext()
  const managerPage = await manager.newPage()
  await signInField(managerPage, 'rmanager')
  const open = new Set((await openTasksOf(managerPage, SITE, 'property')).map((task) => task.task_type.id))
  const [online, offline] = (await getTaskTypes(managerPage)).filter(
    (type) => type.category === 'property' && !open.has(type.id),
  )
  const stamp = Date.now()
  const fill = async (title: string, description: string) => {
    await choose(managerPage, 'Category', 'Property')
    await choose(managerPage, 'Task Type', title)
    await managerPage.getByRole('textbox', { name: 'Description' }).fill(description)
    await choose(managerPage, 'Assign to', 'Customer Service')
  }

  await managerPage.goto(`${FIELD_URL}/snapshot/new-task/${SITE}`)
  await expect(managerPage.getByRole('combobox', { name: 'Assign to' })).toHaveValue('')
  await fill(online!.title, `For customer service ${stamp}`)
  await expectAccessible(managerPage)
  await screenshotBoth(managerPage, 'tasks-new-assign-to')
  await managerPage.getByRole('button', { name: 'Create Task' }).click()
  await expect(managerPage.getByText('Create task successfully!')).toBeVisible()
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(before + 1))

  // Offline: the create waits in the queue with its role and is sent when the network returns.
  await managerPage.getByRole('link', { name: 'Create New Task' }).click()
  await fill(offline!.title, `For customer service offline ${stamp}`)
  await manager.setOffline(true)
  await managerPage.getByRole('button', { name: 'Create Task' }).click()
  await expect(managerPage.getByText('Saved on this device. It will be sent when the network returns.')).toBeVisible()
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(before + 1))
  await manager.setOffline(false)
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(before + 2), { timeout: 20_000 })
  const created = (await openTasksOf(managerPage, SITE, 'property')).filter((task) =>
    task.description.endsWith(String(stamp)),
  )
  expect(created.map((task) => [task.task_type.title, task.role])).toEqual(
    expect.arrayContaining([
      [online!.title, 'customer_service'],
      [offline!.title, 'customer_service'],
    ]),
  )
  expect(created).toHaveLength(2)
  await manager.close()

  await bell(page).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  for (const task of created) {
    await expect(itemOf(page, task)).toHaveAccessibleName(new RegExp(`^Unread: ${task.task_type.title} at `))
    await expect(itemOf(page, task)).toContainText('New task for your role by')
  }
  await expect(panel).toBeVisible()
})

test('an event lost with its instance (the socket cut off meanwhile) is counted once the socket reconnects, without a reload', async ({
  browser,
  context,
  page,
}) => {
  const before = await signInCounting(page, 'csagent')
  // The socket loses its server (the browser offline closes it), and cannot reach another until the route is lifted.
  const dropped = page.waitForEvent('requestfailed', (request) => request.url().includes('/socket.io/'))
  await context.setOffline(true)
  await dropped
  await page.route('**/socket.io/**', (route) => route.abort())
  await context.setOffline(false)
  const task = await createTaskForRoleAs(
    browser,
    'pmanager',
    SITE,
    'customer_service',
    `Missed while cut off ${Date.now()}`,
  )
  // Its live event went to no socket of this page.
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(before))

  await page.unroute('**/socket.io/**')
  await expect(bell(page)).toHaveAttribute('aria-label', labelOf(before + 1), { timeout: 20_000 })
  await bell(page).click()
  await expect(itemOf(page, task)).toHaveAccessibleName(new RegExp(`^Unread: ${task.task_type.title} at `))
})

test('on a phone the list is a sheet from the bottom; Mark all as read clears the count', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInField(page, 'csagent')
  await bell(page).click()
  const sheet = page.getByRole('dialog', { name: 'Notifications' })
  await expect(sheet).toBeVisible()
  await settled(sheet)
  await expect(sheet.getByRole('link').first()).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-notifications-phone-sheet', { fullPage: false })
  await sheet.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications')
  await expect(sheet.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
})

test('a user who has been told of nothing sees the empty state', async ({ page }) => {
  // A regional manager of the demo staff whom no other journey signs in: recorded at this sign-in, told of nothing yet.
  await signInField(page, 'lthornton2', 'pw-lthornton2')
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications')
  await bell(page).click()
  await expect(
    page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText('No notifications yet. Tasks assigned to your role will show here.'),
  ).toBeVisible()
})

test("the panel's settings come with the panel: the pages draw without Mantine's form inputs, the panel shows its two setting rows until their code is in", async ({
  browser,
}) => {
  // No service worker: every file comes from the network, where the journey holds the form inputs' code.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/(ui-more|notification-settings-form)-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await signInField(page, 'csagent')
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  await expect(page.getByRole('heading', { name: 'Gate Access' })).toBeVisible()
  await page.goto(`${FIELD_URL}/snapshot/tasks-overview`)
  await expect(page.getByRole('link', { name: /^Albany Station #209/ })).toBeVisible()

  await bell(page).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  const loading = panel.locator('[aria-busy="true"]')
  await expect(loading.getByText('Email me when a task is assigned to my role')).toBeVisible()
  await expect(loading.getByText('Push notifications on this device')).toBeVisible()
  await expect(panel.getByRole('switch')).toHaveCount(0)
  await settled(panel)
  await expectAccessible(page)

  release()
  await expect(panel.getByRole('switch', { name: 'Email me when a task is assigned to my role' })).toBeEnabled()
  await expect(panel.getByRole('switch', { name: 'Push notifications on this device' })).toBeDisabled()
  await expect(loading).toHaveCount(0)
  await context.close()
})
