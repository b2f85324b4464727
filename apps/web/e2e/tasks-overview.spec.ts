import { expect, test, type Page } from '@playwright/test'
import { compareFacilityNames, roleAbbreviation } from '@storageops/contracts/task-rules'
import {
  cardValue,
  expectAccessible,
  expectNoSidewaysScroll,
  FIELD_URL,
  screenshotBoth,
  signInField,
} from './fixtures.ts'
import { getOverview, openTasksOf } from './tasks-api.ts'

test.beforeEach(async ({ page }) => {
  await signInField(page, 'rmanager')
  await page.goto(`${FIELD_URL}/snapshot/tasks-overview`)
  await expect(page.getByRole('heading', { level: 1, name: 'Task Overview' })).toBeVisible()
})

const table = (page: Page) => page.getByRole('table')
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const firstFacility = (page: Page) => bodyRows(page).first().locator('td').first().getByRole('link')
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true })

test('the overview lists every facility with open tasks, with roles abbreviated and old tasks in the warning style', async ({
  page,
}) => {
  const overview = await getOverview(page)
  await expect(bodyRows(page)).toHaveCount(overview.length)
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
  const row = bodyRows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${sample.facility_name}`) }) })
  await expect(row.locator('td').nth(1)).toHaveText(String(sample.open_facility_tasks_count))
  await expect(row.locator('td').nth(2)).toHaveText(String(sample.open_unit_tasks_count))
  for (const role of sample.assigned_to) await expect(row.locator('td').nth(5)).toContainText(roleAbbreviation(role))
  // 7 days or more are in the warning style, fewer are not.
  const warned = overview.filter((entry) => entry.oldest_task_in_day >= 7).length
  await expect(table(page).locator('tbody tr td:nth-child(4) [data-warning="true"]')).toHaveCount(warned)
  await expect(
    table(page)
      .getByText(/^(PM|RM|CS)$/)
      .first(),
  ).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-overview')
  // The facility links to its open tasks.
  await row.getByRole('link').click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/facility-tasks/${sample.site_code}`)
})

test('columns sort ascending, then descending, then back to unsorted; Facility by its trailing number', async ({
  page,
}) => {
  const overview = await getOverview(page)
  const byNumber = [...overview].sort((a, b) => compareFacilityNames(a.facility_name, b.facility_name))
  const facility = header(page, 'Facility')
  await expect(facility).toHaveAttribute('aria-sort', 'none')
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'ascending')
  await expect(firstFacility(page)).toContainText(byNumber[0]!.facility_name)
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'descending')
  await expect(firstFacility(page)).toContainText(byNumber.at(-1)!.facility_name)
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'none')
  await expect(firstFacility(page)).toContainText(overview[0]!.facility_name)

  // Numbers too: the first click is ascending.
  const oldest = header(page, 'Oldest Task')
  await oldest.getByRole('button').click()
  await expect(oldest).toHaveAttribute('aria-sort', 'ascending')
  const least = Math.min(...overview.map((entry) => entry.oldest_task_in_day))
  await expect(bodyRows(page).first().locator('td').nth(3)).toHaveText(`${least} ${least === 1 ? 'day' : 'days'}`)
})

test('search waits 1000 ms after typing, asks the server once and shows only matching facilities', async ({ page }) => {
  const overview = await getOverview(page)
  const site = overview.find((entry) => entry.open_unit_tasks_count > 0)!
  const [task] = await openTasksOf(page, site.site_code, 'unit')
  const searches: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/tasks/search'))
      searches.push(new URL(request.url()).searchParams.get('query') ?? '')
  })
  const box = page.getByPlaceholder('Search by Unit Number or Task Type...')
  await box.pressSequentially(task!.unit_no!, { delay: 60 })
  await page.waitForTimeout(500)
  expect(searches).toEqual([])
  await expect.poll(() => searches).toEqual([task!.unit_no])
  const { site_codes } = await page.evaluate(async (query) => {
    const token = (JSON.parse(localStorage.getItem('snapshot_user') ?? '{}') as { token: string }).token
    return (
      await fetch(`/api/tasks/search?query=${encodeURIComponent(query)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as Promise<{ site_codes: string[] }>
  }, task!.unit_no!)
  await expect(bodyRows(page)).toHaveCount(site_codes.length)
  await expect(table(page).getByRole('link', { name: new RegExp(`^${site.facility_name}`) })).toBeVisible()

  await box.fill('door repair')
  await expect(bodyRows(page).first()).toBeVisible()
  await expect.poll(() => searches.at(-1)).toBe('door repair')
  await box.fill('no task is called this')
  await expect(page.getByText('No facility has an open task matching “no task is called this”.')).toBeVisible()
  await box.fill('')
  await expect(bodyRows(page)).toHaveCount(overview.length)
})

test('while a search is active the counts are those of the matching tasks', async ({ page }) => {
  const overview = await getOverview(page)
  const site = overview.find((entry) => entry.open_unit_tasks_count > 0 && entry.open_facility_tasks_count > 0)!
  const [task] = await openTasksOf(page, site.site_code, 'unit')
  const query = task!.unit_no!
  const open = [
    ...(await openTasksOf(page, site.site_code, 'property')),
    ...(await openTasksOf(page, site.site_code, 'unit')),
  ]
  const matches = (text: string | null | undefined) => (text ?? '').toLowerCase().includes(query.toLowerCase())
  const matching = open.filter((entry) => matches(entry.unit_no) || matches(entry.task_type.title))
  const property = matching.filter((entry) => entry.task_type.category === 'property').length
  const unit = matching.filter((entry) => entry.task_type.category === 'unit').length
  expect(property + unit).toBeLessThan(site.open_facility_tasks_count + site.open_unit_tasks_count)

  await page.getByPlaceholder('Search by Unit Number or Task Type...').fill(query)
  const row = bodyRows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${site.facility_name}`) }) })
  await expect(row.locator('td').nth(2)).toHaveText(String(unit))
  await expect(row.locator('td').nth(1)).toHaveText(String(property))
  await expect(page.getByText(new RegExp(`open tasks? matching “${query}”`))).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-overview-search-counts')
  await page.getByPlaceholder('Search by Unit Number or Task Type...').fill('')
  await expect(row.locator('td').nth(1)).toHaveText(String(site.open_facility_tasks_count))
})

test('the whole header cell sorts, not only its text', async ({ page }) => {
  const cell = header(page, 'Open Unit Tasks')
  const box = (await cell.boundingBox())!
  await cell.click({ position: { x: box.width - 3, y: box.height - 3 } })
  await expect(cell).toHaveAttribute('aria-sort', 'ascending')
})

test('on a phone every facility is a card showing every column, sorted by a choice, with nothing to scroll sideways', async ({
  page,
}) => {
  // axe reads every card of the list (one per facility): a minute on a loaded 2-core machine.
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const overview = await getOverview(page)
  const cards = page.getByRole('list', { name: 'Open tasks by facility' }).getByRole('listitem')
  await expect(cards).toHaveCount(overview.length)
  const sample = overview[0]!
  const card = cards.filter({ has: page.getByRole('link', { name: new RegExp(`^${sample.facility_name}`) }) })
  await expect(cardValue(card, 'Open Facility Tasks')).toHaveText(String(sample.open_facility_tasks_count))
  await expect(cardValue(card, 'Open Unit Tasks')).toHaveText(String(sample.open_unit_tasks_count))
  await expect(cardValue(card, 'Oldest Task')).toBeVisible()
  await expect(cardValue(card, 'Max Inactivity')).toBeVisible()
  await expect(cardValue(card, 'Assigned To')).toBeVisible()

  await page.getByLabel('Sort by').selectOption({ label: 'Oldest Task, descending' })
  const oldest = Math.max(...overview.map((row) => row.oldest_task_in_day))
  const oldestNames = overview.filter((row) => row.oldest_task_in_day === oldest).map((row) => row.facility_name)
  const firstName = (await cards.first().getByRole('link').first().innerText()).split('\n')[0]!
  expect(oldestNames.some((name) => firstName.startsWith(name))).toBe(true)
  await expectNoSidewaysScroll(page)
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-overview-phone-cards', { fullPage: false })
})

test('on a phone the cards after the first screen follow at once: the last facility is in the page, found by the browser, reached by scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  const overview = await getOverview(page)
  const last = overview.at(-1)!
  const cards = page.getByRole('list', { name: 'Open tasks by facility' }).getByRole('listitem')
  await expect(cards).toHaveCount(overview.length)
  // Ctrl+F: the browser's find reaches a facility at the end of the list without scrolling first.
  expect(
    await page.evaluate(
      (name) => (window as unknown as { find: (text: string) => boolean }).find(name),
      last.facility_name,
    ),
  ).toBe(true)
  const card = cards.filter({ has: page.getByRole('link', { name: new RegExp(`^${last.facility_name}`) }) })
  await card.scrollIntoViewIfNeeded()
  await expect(card).toBeInViewport()
  await expect(cardValue(card, 'Open Unit Tasks')).toHaveText(String(last.open_unit_tasks_count))
  await card.getByRole('link').click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/facility-tasks/${last.site_code}`)
})

test('on a phone the search box spans the screen and the breadcrumbs are tall enough to tap', async ({ page }) => {
  const search = page.getByRole('textbox', { name: 'Search tasks by unit number or task type' })
  const heading = page.getByRole('heading', { level: 1, name: 'Task Overview' })
  // Desk width: 380 px beside the title (PageHeader's actions on the right).
  expect((await search.boundingBox())!.width).toBeCloseTo(380, 0)
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
