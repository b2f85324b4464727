import { expect, test, type Page } from '@playwright/test'
import { isTaskCardWarning } from '@storageops/contracts/task-rules'
import { expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'
import { openTasksOf, taskApi } from './tasks-api.ts'

test.beforeEach(async ({ page }) => {
  await signInField(page, 'pmanager')
})

const group = (page: Page, name: string) => page.getByRole('region', { name })

test('open tasks come in Property Tasks and Unit Tasks, 10 cards a page, newest first, old ones in the warning style', async ({
  page,
}) => {
  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/TX100`)
  await expect(page.getByRole('heading', { level: 1, name: 'Austin North #100' })).toBeVisible()
  const property = await openTasksOf(page, 'TX100', 'property')
  const unit = await openTasksOf(page, 'TX100', 'unit')
  for (const [name, tasks] of [
    ['Property Tasks', property],
    ['Unit Tasks', unit],
  ] as const) {
    const cards = group(page, name).getByTestId('task-card')
    await expect(cards).toHaveCount(Math.min(10, tasks.length))
    await expect(cards.first()).toContainText(tasks[0]!.task_type.title)
    const warned = tasks.slice(0, 10).filter((task) => isTaskCardWarning(task)).length
    await expect(group(page, name).locator('[data-warning="true"]')).toHaveCount(warned)
  }
  await expect(group(page, 'Unit Tasks').getByTestId('task-card').first()).toContainText(`Unit ${unit[0]!.unit_no}`)
  await expect(page.getByRole('link', { name: 'Create New Task' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Archive' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Activity' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-facility-open')
})

test('a group pages 10 at a time, newest first, and keeps its page in the address', async ({ page }) => {
  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/TX104`)
  // Make sure the unit group has more than one page: a dozen new unit tasks on units without one.
  const types = (
    await taskApi<Array<{ id: number; title: string; category: string }>>(page, 'GET', '/api/tasks/task_types')
  ).body
  const lockCut = types.find((type) => type.title === 'Lock Cut')!
  const taken = new Set(
    (await openTasksOf(page, 'TX104', 'unit'))
      .filter((task) => task.task_type.id === lockCut.id)
      .map((task) => task.unit_no),
  )
  const units = (
    await taskApi<{ Record: Array<{ UNITEXTERNALID: string[] }> }>(page, 'POST', '/api/ssm/GetAllUnits', {
      location_code: 'TX104',
    })
  ).body.Record.map((record) => record.UNITEXTERNALID[0]!).filter((unit) => !taken.has(unit))
  for (const unitNo of units.slice(0, 12)) {
    const created = await taskApi(page, 'POST', '/api/tasks', {
      task_type_id: lockCut.id,
      site_code: 'TX104',
      unit_no: unitNo,
      prior: 'low',
      description: `Lock cut requested for ${unitNo}.`,
    })
    expect(created.status).toBe(201)
  }
  const unit = await openTasksOf(page, 'TX104', 'unit')
  await page.reload()
  const cards = group(page, 'Unit Tasks').getByTestId('task-card')
  await expect(cards).toHaveCount(10)
  await expect(cards.first()).toContainText(`Unit ${unit[0]!.unit_no}`)
  await group(page, 'Unit Tasks').getByRole('button', { name: 'Unit Tasks page 2' }).click()
  await expect(page).toHaveURL(/unit_page=2/)
  await expect(cards.first()).toContainText(`Unit ${unit[10]!.unit_no}`)
  await expect(cards).toHaveCount(Math.min(10, unit.length - 10))
  await page.goBack()
  await expect(cards.first()).toContainText(`Unit ${unit[0]!.unit_no}`)
})

test('Archive lists the closed tasks under Closed: headings, and a card opens its task', async ({ page }) => {
  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/TX101`)
  await page.getByRole('link', { name: 'Archive' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/closed-task/TX101`)
  await expect(page.getByRole('heading', { level: 2, name: 'Closed: Property Tasks' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Closed: Unit Tasks' })).toBeVisible()
  const closed = await openTasksOf(page, 'TX101', 'property', true)
  const first = group(page, 'Closed: Property Tasks').getByTestId('task-card').first()
  await expect(first).toContainText(closed[0]!.task_type.title)
  await expect(first).toContainText(/Closed \d+ days? ago/)
  await expect(page.locator('[data-warning="true"]')).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-facility-closed')
  await first.click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/task-details/TX101/${closed[0]!.id}`)
  await expect(page.getByRole('button', { name: 'Reopen Task' })).toBeVisible()
})

test('an empty group, or one that fails to load, shows No task available', async ({ page }) => {
  await page.route(/\/api\/tasks\?.*type=unit/, (route) => route.fulfill({ json: { entries: [], total_entries: 0 } }))
  await page.route(/\/api\/tasks\?.*type=property/, (route) =>
    route.fulfill({ status: 500, json: { error: 'internal', message: 'Something went wrong.' } }),
  )
  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/TX102`)
  await expect(group(page, 'Unit Tasks').getByText('No task available')).toBeVisible()
  await expect(group(page, 'Property Tasks').getByText('No task available')).toBeVisible()
  await screenshotBoth(page, 'tasks-facility-empty')
})

test('the Activity Log slides in newest first and Load more adds the next 10', async ({ page }) => {
  await page.goto(`${FIELD_URL}/snapshot/facility-tasks/TX103`)
  const total = (
    await taskApi<{ total_entries: number }>(page, 'GET', '/api/task_activities?location_code=TX103&page=1')
  ).body.total_entries
  await page.getByRole('button', { name: 'Activity' }).click()
  const drawer = page.getByRole('dialog', { name: 'Activity Log' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByTestId('activity-entry')).toHaveCount(10)
  await expect(drawer.getByText(`Showing 10 of ${total}`)).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-activity-log')
  await drawer.getByRole('button', { name: 'Load more' }).click()
  await expect(drawer.getByTestId('activity-entry')).toHaveCount(Math.min(20, total))
  await drawer.getByRole('button', { name: 'Close Activity Log' }).click()
  await expect(drawer).toBeHidden()
})

test('unknown site codes and non-numeric or unknown task ids go to Page Not Found', async ({ page }) => {
  for (const path of [
    '/snapshot/facility-tasks/ZZ999',
    '/snapshot/closed-task/ZZ999',
    '/snapshot/new-task/ZZ999',
    '/snapshot/task-details/TX100/abc',
    '/snapshot/task-details/ZZ999/1',
    '/snapshot/task-details/TX100/99999999',
  ]) {
    await page.goto(`${FIELD_URL}${path}`)
    await expect(page).toHaveURL(`${FIELD_URL}/404`)
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  }
})
