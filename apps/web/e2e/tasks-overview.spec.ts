import { expect, test, type Page } from '@playwright/test'
import { compareFacilityNames, roleAbbreviation } from '@storageops/contracts/task-rules'
import type { TaskOverviewRow } from '@storageops/contracts/tasks'
import {
  cardValue,
  expectAccessible,
  expectNoSidewaysScroll,
  FIELD_URL,
  screenshotBoth,
  signInField,
} from './fixtures.ts'
import { getOverview, openTasksOf, taskApi } from './tasks-api.ts'

test.beforeEach(async ({ page }) => {
  await signInField(page, 'rmanager')
  await page.goto(`${FIELD_URL}/snapshot/tasks-overview`)
  await expect(page.getByRole('heading', { level: 1, name: 'Task Overview' })).toBeVisible()
})

const table = (page: Page) => page.getByRole('table', { name: 'Open tasks by facility' })
// Drawn rows only (the list is virtual, issue 30): spacer rows are aria-hidden.
const bodyRows = (page: Page) => table(page).locator('tbody tr:not([aria-hidden])')
const firstFacility = (page: Page) => bodyRows(page).first().locator('td').first().getByRole('link')
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true })
const rowOf = (page: Page, row: TaskOverviewRow) =>
  bodyRows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${row.facility_name}`) }) })
const searchBox = (page: Page) => page.getByPlaceholder('Search by Unit Number or Task Type...')
/** Scrolls the rows' box until `row` is drawn. */
async function scrollTo(page: Page, row: TaskOverviewRow) {
  const box = page.getByTestId('tasks-overview-rows')
  for (let step = 0; step < 40 && (await rowOf(page, row).count()) === 0; step++)
    await box.evaluate((element) => element.scrollBy(0, element.clientHeight))
  await expect(rowOf(page, row)).toBeVisible()
}

test('the overview has every facility with open tasks, with roles abbreviated and old tasks in the warning style', async ({
  page,
}) => {
  const overview = await getOverview(page)
  // Every facility counts, only the rows near the view are drawn.
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(overview.length + 1))
  await expect(bodyRows(page).first()).toBeVisible()
  expect(await bodyRows(page).count()).toBeLessThan(Math.min(overview.length, 40))
  for (const column of [
    'Facility',
    'Open Facility Tasks',
    'Open Unit Tasks',
    'Oldest Task',
    'Max Inactivity',
    'Assigned To',
  ]) {
    await expect(header(page, column)).toBeVisible()
  }
  const sample = overview[0]!
  const row = rowOf(page, sample)
  await expect(row.locator('td').nth(1)).toHaveText(String(sample.open_facility_tasks_count))
  await expect(row.locator('td').nth(2)).toHaveText(String(sample.open_unit_tasks_count))
  for (const role of sample.assigned_to) await expect(row.locator('td').nth(5)).toContainText(roleAbbreviation(role))
  // 7 days or more are in the warning style, fewer are not: every drawn row against the API.
  for (const entry of overview.slice(0, await bodyRows(page).count())) {
    const warned = rowOf(page, entry).locator('td:nth-child(4) [data-warning="true"]')
    await expect(warned).toHaveCount(entry.oldest_task_in_day >= 7 ? 1 : 0)
  }
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-overview', { fullPage: false })
  // The last facility is reached by scrolling the list, and links to its open tasks.
  const last = overview.at(-1)!
  await scrollTo(page, last)
  await expect(rowOf(page, last).locator('td').nth(2)).toHaveText(String(last.open_unit_tasks_count))
  await rowOf(page, last).getByRole('link').click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/facility-tasks/${last.site_code}`)
})

test('columns sort ascending, then descending, then back to unsorted; Facility by its trailing number; the sort is in the address', async ({
  page,
}) => {
  const overview = await getOverview(page)
  const byNumber = [...overview].sort((a, b) => compareFacilityNames(a.facility_name, b.facility_name))
  const facility = header(page, 'Facility')
  await expect(facility).toHaveAttribute('aria-sort', 'none')
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'ascending')
  await expect(firstFacility(page)).toContainText(byNumber[0]!.facility_name)
  await expect(page).toHaveURL(/[?&]sort=facility(&|$)/)
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'descending')
  await expect(firstFacility(page)).toContainText(byNumber.at(-1)!.facility_name)
  await expect(page).toHaveURL(/[?&]order=desc/)
  // A reload, or the link shared, shows the same order.
  await page.reload()
  await expect(header(page, 'Facility')).toHaveAttribute('aria-sort', 'descending')
  await expect(firstFacility(page)).toContainText(byNumber.at(-1)!.facility_name)
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'none')
  await expect(firstFacility(page)).toContainText(overview[0]!.facility_name)
  await expect(page).toHaveURL(/\/snapshot\/tasks-overview\??$/)

  // Numbers too: the first click is ascending.
  const oldest = header(page, 'Oldest Task')
  await oldest.getByRole('button').click()
  await expect(oldest).toHaveAttribute('aria-sort', 'ascending')
  const least = Math.min(...overview.map((entry) => entry.oldest_task_in_day))
  await expect(bodyRows(page).first().locator('td').nth(3)).toHaveText(`${least} ${least === 1 ? 'day' : 'days'}`)
  // Back walks the sorts.
  await page.goBack()
  await expect(oldest).toHaveAttribute('aria-sort', 'none')
})

test('search waits 1000 ms after typing, asks the server once, shows only matching facilities and keeps the search in the address', async ({
  page,
}) => {
  const overview = await getOverview(page)
  const site = overview.find((entry) => entry.open_unit_tasks_count > 0)!
  const [task] = await openTasksOf(page, site.site_code, 'unit')
  const searches: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/tasks/search'))
      searches.push(new URL(request.url()).searchParams.get('query') ?? '')
  })
  await searchBox(page).pressSequentially(task!.unit_no!, { delay: 60 })
  await page.waitForTimeout(500)
  expect(searches).toEqual([])
  await expect.poll(() => searches).toEqual([task!.unit_no])
  const { body } = await taskApi<{ site_codes: string[] }>(
    page,
    'GET',
    `/api/tasks/search?query=${encodeURIComponent(task!.unit_no!)}`,
  )
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(body.site_codes.length + 1))
  await expect(table(page).getByRole('link', { name: new RegExp(`^${site.facility_name}`) })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(task!.unit_no!)}`))
  // A reload asks again and shows the same rows.
  await page.reload()
  await expect(searchBox(page)).toHaveValue(task!.unit_no!)
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(body.site_codes.length + 1))

  await searchBox(page).fill('door repair')
  await expect.poll(() => searches.at(-1)).toBe('door repair')
  await expect(bodyRows(page).first()).toBeVisible()
  await searchBox(page).fill('no task is called this')
  await expect(page.getByText('No facility has an open task matching “no task is called this”.')).toBeVisible()
  await searchBox(page).fill('')
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(overview.length + 1))
  await expect(page).toHaveURL(/\/snapshot\/tasks-overview\??$/)
})

test('while a search is active each facility keeps its own figures and warnings; the matching tasks are a column of their own (issue 34)', async ({
  page,
}) => {
  const overview = await getOverview(page)
  const site = overview.find(
    (entry) => entry.open_unit_tasks_count > 0 && entry.open_facility_tasks_count > 0 && entry.oldest_task_in_day >= 7,
  )!
  const [task] = await openTasksOf(page, site.site_code, 'unit')
  const query = task!.unit_no!
  const open = [
    ...(await openTasksOf(page, site.site_code, 'property')),
    ...(await openTasksOf(page, site.site_code, 'unit')),
  ]
  const matches = (text: string | null | undefined) => (text ?? '').toLowerCase().includes(query.toLowerCase())
  const matching = open.filter((entry) => matches(entry.unit_no) || matches(entry.task_type.title)).length
  expect(matching).toBeLessThan(site.open_facility_tasks_count + site.open_unit_tasks_count)

  await page.goto(`${FIELD_URL}/snapshot/tasks-overview?q=${encodeURIComponent(query)}`)
  await expect(header(page, 'Matching Tasks')).toBeVisible()
  const row = rowOf(page, site)
  await expect(row.locator('td').nth(1)).toHaveText(String(matching))
  await expect(row.locator('td').nth(2)).toHaveText(String(site.open_facility_tasks_count))
  await expect(row.locator('td').nth(3)).toHaveText(String(site.open_unit_tasks_count))
  await expect(row.locator('td').nth(4).locator('[data-warning="true"]')).toHaveCount(1)
  await expect(page.getByText(new RegExp(`open tasks? matching “${query}”`))).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-overview-search', { fullPage: false })
  await searchBox(page).fill('')
  await expect(header(page, 'Matching Tasks')).toHaveCount(0)
  await expect(rowOf(page, overview[0]!).locator('td').nth(1)).toHaveText(
    String(overview[0]!.open_facility_tasks_count),
  )
})

test('the whole header cell sorts, not only its text', async ({ page }) => {
  const cell = header(page, 'Open Unit Tasks')
  const box = (await cell.boundingBox())!
  await cell.click({ position: { x: box.width - 3, y: box.height - 3 } })
  await expect(cell).toHaveAttribute('aria-sort', 'ascending')
})

test('on a phone each facility is a card showing every column, sorted by a choice kept in the address, nothing to scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const overview = await getOverview(page)
  const list = page.getByRole('list', { name: 'Open tasks by facility' })
  const cards = list.getByRole('listitem')
  await expect(cards.first()).toHaveAttribute('aria-setsize', String(overview.length))
  expect(await cards.count()).toBeLessThan(Math.min(overview.length, 20))
  // Only one layout is drawn: no table beside the cards.
  await expect(page.getByRole('table')).toHaveCount(0)
  const sample = overview[0]!
  const card = cards.filter({ has: page.getByRole('link', { name: new RegExp(`^${sample.facility_name}`) }) })
  await expect(cardValue(card, 'Open Facility Tasks')).toHaveText(String(sample.open_facility_tasks_count))
  await expect(cardValue(card, 'Open Unit Tasks')).toHaveText(String(sample.open_unit_tasks_count))
  await expect(cardValue(card, 'Oldest Task')).toBeVisible()
  await expect(cardValue(card, 'Max Inactivity')).toBeVisible()
  await expect(cardValue(card, 'Assigned To')).toBeVisible()

  await page.getByLabel('Sort by').selectOption({ label: 'Oldest Task, descending' })
  await expect(page).toHaveURL(/[?&]sort=oldest_task_in_day&order=desc/)
  const oldest = Math.max(...overview.map((row) => row.oldest_task_in_day))
  const oldestNames = overview.filter((row) => row.oldest_task_in_day === oldest).map((row) => row.facility_name)
  const firstName = async () => (await cards.first().getByRole('link').first().innerText()).split('\n')[0]!
  await expect
    .poll(async () => {
      const shown = await firstName()
      return oldestNames.some((name) => shown.startsWith(name))
    })
    .toBe(true)
  await expectNoSidewaysScroll(page)
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-overview-phone-cards', { fullPage: false })
})

test('on a phone the search box spans the screen and the breadcrumbs are tall enough to tap', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search tasks by unit number or task type' })
  const heading = page.getByRole('heading', { level: 1, name: 'Task Overview' })
  // Desk width: beside the title (PageHeader's actions on the right).
  expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(380)
  expect((await search.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y + 60)

  await page.setViewportSize({ width: 390, height: 844 })
  // Phone: under the title at the page's full width (it was ≈255 px, its content's width).
  const box = (await search.boundingBox())!
  expect(box.width).toBeGreaterThan(350)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  expect(box.y).toBeGreaterThan((await heading.boundingBox())!.y)
  // Breadcrumbs are at least 24 px tall (they were 14 px).
  const crumb = page.getByRole('link', { name: 'Facility Search', exact: true })
  expect((await crumb.boundingBox())!.height).toBeGreaterThanOrEqual(24)
  await expectNoSidewaysScroll(page)
  await screenshotBoth(page, 'tasks-overview-search-header', { fullPage: false })
})
