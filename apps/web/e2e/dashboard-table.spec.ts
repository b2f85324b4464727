import { expect, test, type Locator, type Page } from '@playwright/test'
import { formatDate } from '@storageops/contracts/brand-report-rules'
import { compareFacilityNames } from '@storageops/contracts/task-rules'
import {
  cardValue,
  expectAccessible,
  expectNoSidewaysScroll,
  FIELD_URL,
  SCREENSHOT_DIR,
  screenshotBoth,
  signInField,
} from './fixtures.ts'
import { getFacilitiesOverview } from './brands-api.ts'

const table = (page: Page) => page.getByRole('table', { name: 'Facilities' })
// Drawn rows only (the table is virtual, issue 30): spacer rows are aria-hidden.
const bodyRows = (page: Page) => table(page).locator('tbody tr:not([aria-hidden])')
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true })
const MM_DD_YYYY = /\d{2}\/\d{2}\/\d{4}/

test.beforeEach(async ({ page }) => {
  await signInField(page, 'rmanager')
})

test('the dashboard frames the built-in analytics report, drawn from live data', async ({ page }) => {
  // axe also checks inside the frame, and two full-page screenshots with charts are slow on a shared machine.
  test.setTimeout(120_000)
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const frame = page.locator('iframe[title="Analytics report"]')
  await expect(frame).toHaveAttribute('src', '/snapshot/dashboard/analytics')
  const report = page.frameLocator('iframe[title="Analytics report"]')
  await expect(report.getByRole('heading', { name: 'Operations analytics' })).toBeVisible()
  for (const chart of ['Open tasks by facility and age', 'Tasks past due', 'Brand standards completion over time']) {
    await expect(report.getByRole('region', { name: chart }).locator('svg.recharts-surface').first()).toBeVisible()
  }
  // Legends in the series' order, month ticks as months ('Jan 2026', not 'Jan 26') (issue 18).
  await expect(
    report.getByRole('region', { name: 'Open tasks by facility and age' }).locator('[class*="legendItemName"]'),
  ).toHaveText(['0–6 days', '7–9 days', '10+ days (past due)'])
  await expect(
    report.getByRole('region', { name: 'Brand standards completion over time' }).locator('[class*="legendItemName"]'),
  ).toHaveText(['Reports', 'Completed', 'Facilities'])
  const monthTicks = report
    .getByRole('region', { name: 'Brand standards completion over time' })
    .locator('.recharts-cartesian-axis-tick-value[orientation="bottom"]')
  await expect.poll(() => monthTicks.allTextContents()).toContainEqual(expect.stringMatching(/^[A-Z][a-z]{2} \d{4}$/))
  expect((await monthTicks.allTextContents()).filter((tick) => !/^[A-Z][a-z]{2} \d{4}$/.test(tick))).toEqual([])
  await expectAccessible(page)
  await screenshotBoth(page, 'dashboard')
  // The address works on its own too: the report page is served by the product.
  await page.goto(`${FIELD_URL}/snapshot/dashboard/analytics`)
  await expect(page.getByRole('heading', { name: 'Operations analytics' })).toBeVisible()
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible()
  await screenshotBoth(page, 'dashboard-analytics-report')
})

test("when the analytics address cannot be had, a clear message stands in the frame's place and the table still works", async ({
  page,
}) => {
  await page.route('**/api/dashboard/analytics_embed', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'upstream_failed', message: 'The analytics service answered 500.' }),
    }),
  )
  await page.goto(`${FIELD_URL}/dashboard`)
  await expect(page.getByText('The analytics report could not be loaded.')).toBeVisible()
  await expect(page.getByText('The analytics service answered 500.')).toBeVisible()
  await expect(page.locator('iframe[title="Analytics report"]')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(bodyRows(page).first()).toBeVisible()
  await screenshotBoth(page, 'dashboard-embed-failed')
})

test("the facility table has the spec's columns, every visible facility, dates as MM/DD/YYYY", async ({ page }) => {
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  const overview = await getFacilitiesOverview(page)
  // Every facility counts, only the rows near the view are drawn.
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(overview.length + 1))
  await expect(bodyRows(page).first()).toBeVisible()
  expect(await bodyRows(page).count()).toBeLessThan(Math.min(overview.length, 40))
  for (const column of [
    'Facility',
    'Maintenance Tech',
    'Last Full WalkThrough',
    'Last Brand Standards',
    'Tasks Past Due',
    'Open Tasks',
  ]) {
    await expect(header(page, column)).toBeVisible()
  }
  const sample = overview[0]!
  const row = bodyRows(page).first()
  await expect(row.locator('td').nth(0)).toContainText(sample.facility_name)
  await expect(row.locator('td').nth(1)).toHaveText(sample.primary_field_staff!.full_name)
  await expect(row.locator('td').nth(2)).toContainText(MM_DD_YYYY)
  await expect(row.locator('td').nth(2)).toContainText(formatDate(sample.last_full_walkthrough_at))
  await expect(
    row
      .locator('td')
      .nth(2)
      .getByRole('link', { name: `Walkthroughs of ${sample.site_code}` }),
  ).toHaveAttribute('href', `/snapshot/${sample.site_code}/walkthroughs`)
  await expect(row.locator('td').nth(3).getByRole('link').first()).toHaveText(
    formatDate(sample.last_brand_standards_at),
  )
  await expect(row.locator('td').nth(4)).toHaveText(String(sample.tasks_past_due_count))
  await expect(row.locator('td').nth(5)).toHaveText(String(sample.open_tasks_count))
})

test('columns sort ascending, descending, then unsorted; Facility by its trailing number; the sort is in the address', async ({
  page,
}) => {
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  const overview = await getFacilitiesOverview(page)
  const byNumber = [...overview].sort((a, b) => compareFacilityNames(a.facility_name, b.facility_name))
  const facility = header(page, 'Facility')
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'ascending')
  await expect(bodyRows(page).first().locator('td').first()).toContainText(byNumber[0]!.facility_name)
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'descending')
  await expect(bodyRows(page).first().locator('td').first()).toContainText(byNumber.at(-1)!.facility_name)
  await expect(page).toHaveURL(/[?&]sort=facility&order=desc/)
  // A reload, or the link shared, shows the same order.
  await page.reload()
  await expect(header(page, 'Facility')).toHaveAttribute('aria-sort', 'descending')
  await expect(bodyRows(page).first().locator('td').first()).toContainText(byNumber.at(-1)!.facility_name)
  await facility.getByRole('button').click()
  await expect(facility).toHaveAttribute('aria-sort', 'none')

  const pastDue = header(page, 'Tasks Past Due')
  await pastDue.getByRole('button').click()
  await expect(bodyRows(page).first().locator('td').nth(4)).toHaveText(
    String(Math.min(...overview.map((row) => row.tasks_past_due_count))),
  )
  await pastDue.getByRole('button').click()
  await expect(bodyRows(page).first().locator('td').nth(4)).toHaveText(
    String(Math.max(...overview.map((row) => row.tasks_past_due_count))),
  )

  const latest = header(page, 'Last Brand Standards')
  await latest.getByRole('button').click()
  await expect(latest).toHaveAttribute('aria-sort', 'ascending')
  await latest.getByRole('button').click()
  await expect(latest).toHaveAttribute('aria-sort', 'descending')
  const newest = [...overview].sort(
    (a, b) => Date.parse(b.last_brand_standards_at!) - Date.parse(a.last_brand_standards_at!),
  )[0]!
  await expect(bodyRows(page).first().locator('td').nth(3).getByRole('link').first()).toHaveText(
    formatDate(newest.last_brand_standards_at),
  )
})

test('the table is searched by site code or name, the search kept in the address', async ({ page }) => {
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  const overview = await getFacilitiesOverview(page)
  const sample = overview.at(-1)!
  const search = page.getByRole('searchbox', { name: 'Search the facility table' })
  await search.fill(sample.site_code.toLowerCase())
  await expect(bodyRows(page)).toHaveCount(1)
  await expect(bodyRows(page).first().locator('td').first()).toContainText(sample.facility_name)
  await expect(
    page.getByText(`1 of ${overview.length} facilities match “${sample.site_code.toLowerCase()}”`),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`[?&]q=${sample.site_code.toLowerCase()}`))
  await page.reload()
  await expect(bodyRows(page)).toHaveCount(1)
  await search.fill('no facility is called this')
  await expect(page.getByText('No facility matches “no facility is called this”.')).toBeVisible()
  await expectAccessible(page, { exclude: ['iframe'] })
  await screenshotBoth(page, 'dashboard-search-empty', { fullPage: false })
  await search.fill('')
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(overview.length + 1))
})

test('Last Brand Standards links to the latest report, Archive to the report list', async ({ page }) => {
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  const sample = (await getFacilitiesOverview(page))[0]!
  const cell = bodyRows(page).first().locator('td').nth(3)
  await cell.getByRole('link', { name: /Latest brand standards report/ }).click()
  await expect(page).toHaveURL(
    `${FIELD_URL}/snapshot/${sample.site_code}/brands-report/${sample.last_brands_report!.id}`,
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Standards Report' })).toBeVisible()
  await page.goBack()
  await bodyRows(page)
    .first()
    .locator('td')
    .nth(3)
    .getByRole('link', { name: /Archive/ })
    .click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/${sample.site_code}/brands-report/archive`)
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Standards Reports' })).toBeVisible()
})

test('on a phone each facility of the table is a card showing every column, with nothing to scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  const overview = await getFacilitiesOverview(page)
  const cards = page.getByRole('list', { name: 'Facilities' }).getByRole('listitem')
  await expect(cards.first()).toHaveAttribute('aria-setsize', String(overview.length))
  expect(await cards.count()).toBeLessThan(Math.min(overview.length, 20))
  await expect(page.getByRole('table', { name: 'Facilities' })).toHaveCount(0)
  const sample = overview.find((row) => row.primary_field_staff && row.last_brand_standards_at)!
  await page.getByRole('searchbox', { name: 'Search the facility table' }).fill(sample.site_code)
  const card = cards.filter({ hasText: sample.facility_name }).first()
  await expect(cardValue(card, 'Maintenance Tech')).toHaveText(sample.primary_field_staff!.full_name)
  await expect(cardValue(card, 'Last Full WalkThrough')).toContainText(formatDate(sample.last_full_walkthrough_at))
  await expect(cardValue(card, 'Last Brand Standards').getByRole('link').first()).toHaveText(
    formatDate(sample.last_brand_standards_at),
  )
  await expect(cardValue(card, 'Tasks Past Due')).toHaveText(String(sample.tasks_past_due_count))
  await expect(cardValue(card, 'Open Tasks')).toHaveText(String(sample.open_tasks_count))
  await expectNoSidewaysScroll(page)
  // The analytics frame has its own axe check above.
  await expectAccessible(page, { exclude: ['iframe'] })
  await screenshotBoth(page, 'dashboard-phone-cards', { fullPage: false })
})

test.describe('on a phone with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a swipe on the analytics report scrolls the page down to the facility table', async ({ page }) => {
    await page.goto(`${FIELD_URL}/snapshot/dashboard`)
    const frame = page.locator('iframe[title="Analytics report"]')
    const report = page.frameLocator('iframe[title="Analytics report"]')
    await expect(report.getByRole('heading', { name: 'Brand standards completion over time' })).toBeVisible()
    // The frame is as tall as the report: nothing inside it scrolls, so a swipe on it moves the page.
    await expect
      .poll(async () => (await frame.boundingBox())!.height)
      .toBe(await report.locator('body').evaluate((body) => Math.ceil(body.getBoundingClientRect().height)))
    expect(
      await report
        .locator('html')
        .evaluate((html) => html.scrollHeight <= html.clientHeight && html.scrollWidth <= html.clientWidth),
    ).toBe(true)

    const cdp = await page.context().newCDPSession(page)
    // A finger drawn 400 px up from (195, 700) in 10 steps, through the browser's touch input (the page scrolls on its own).
    const swipeUp = async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 700 }] })
      for (let step = 1; step <= 10; step += 1)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y: 700 - step * 40 }] })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
    const box = (await frame.boundingBox())!
    expect(box.y).toBeLessThan(700)
    expect(box.y + box.height).toBeGreaterThan(700)
    await swipeUp()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    const firstCard = page.getByRole('list', { name: 'Facilities' }).getByRole('listitem').first()
    for (let swipe = 0; swipe < 12 && !(await isReached(page, firstCard)); swipe += 1) await swipeUp()
    expect(await isReached(page, firstCard)).toBe(true)
    // The cards have their own axe check above; this one reads the report in its frame.
    await expectAccessible(page, { exclude: ['ul[aria-label="Facilities"]'] })
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-phone-swiped-to-table.png` })
  })
})

/** Waits for the page to stop scrolling, then whether `locator`'s top has come up into the screen. */
async function isReached(page: Page, locator: Locator) {
  let last = -1
  await expect
    .poll(async () => {
      const previous = last
      last = await page.evaluate(() => window.scrollY)
      return last === previous
    })
    .toBe(true)
  const box = await locator.boundingBox()
  return box !== null && box.y < page.viewportSize()!.height
}
