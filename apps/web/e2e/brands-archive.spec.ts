import { expect, test, type Page } from '@playwright/test'
import { noPhotosText } from '@storageops/contracts/brand-report-rules'
import {
  cardValue,
  expectAccessible,
  expectNoSidewaysScroll,
  FIELD_URL,
  screenshotBoth,
  signInField,
} from './fixtures.ts'
import { getFacilitiesOverview, getFacilityReports, getReport, locationIdOf } from './brands-api.ts'

const table = (page: Page) => page.getByRole('table', { name: 'Brand standards reports' })
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true })

let siteCode = ''

// Times are read in Chicago, so the expected texts below are fixed, not computed by the product's formatter.
test.use({ timezoneId: 'America/Chicago' })

test.beforeEach(async ({ page }) => {
  await signInField(page, 'rmanager')
  siteCode = (await getFacilitiesOverview(page))[2]!.site_code
})

/**
 * The facility's archive with its newest report shown as submitted at a fixed moment (the seed dates reports
 * relative to its start): 02:30 UTC on 5 January 2027 is 8:30 PM on 4 January in Chicago (CST, UTC−6).
 */
const FIXED_SUBMIT_AT = '2027-01-05T02:30:00.000Z'
const FIXED_SUBMIT_TEXT = '01/04/2027 8:30 PM'
async function archiveWithFixedNewest(page: Page) {
  const locationId = await locationIdOf(page, siteCode)
  const reports = await getFacilityReports(page, locationId)
  const [newest, ...rest] = reports.entries
  const entries = [{ ...newest!, report_submit_at: FIXED_SUBMIT_AT }, ...rest]
  await page.route(`**/api/brands_reports/facility_brands_reports/${locationId}`, (route) =>
    route.fulfill({ json: { ...reports, entries } }),
  )
  return entries
}

test("the archive lists a facility's reports newest first with Date Time, Photos, Notes, Completed and User", async ({
  page,
}) => {
  const entries = await archiveWithFixedNewest(page)
  await page.goto(`${FIELD_URL}/snapshot/${siteCode}/brands-report/archive`)
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Standards Reports' })).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(entries.length)
  for (const column of ['Date Time', 'Photos', 'Notes', 'Completed', 'User'])
    await expect(header(page, column)).toBeVisible()
  const first = bodyRows(page).first()
  await expect(first.locator('td').nth(0)).toHaveText(FIXED_SUBMIT_TEXT)
  await expect(first.locator('td').nth(1)).toHaveText(String(entries[0]!.photos_count))
  await expect(first.locator('td').nth(3).locator('.mantine-Badge-root')).toHaveText(
    entries[0]!.completed ? 'Yes' : 'No',
  )
  await expect(first.locator('td').nth(4)).toHaveText(entries[0]!.report_submit_by.full_name)
  await expectAccessible(page)
  await screenshotBoth(page, 'brands-report-archive')
})

test('on a phone each report is a card with Date Time, Photos, Notes, Completed and User, newest first, with nothing to scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const entries = await archiveWithFixedNewest(page)
  await page.goto(`${FIELD_URL}/snapshot/${siteCode}/brands-report/archive`)
  const cards = page.getByRole('list', { name: 'Brand standards reports' }).getByRole('listitem')
  await expect(cards).toHaveCount(entries.length)
  const newest = entries[0]!
  await expect(cards.first().getByRole('link')).toHaveText(FIXED_SUBMIT_TEXT)
  await expect(cardValue(cards.first(), 'Photos')).toHaveText(String(newest.photos_count))
  await expect(cardValue(cards.first(), 'Notes')).toHaveText(newest.notes ?? '—')
  await expect(cardValue(cards.first(), 'Completed').locator('.mantine-Badge-root')).toHaveText(
    newest.completed ? 'Yes' : 'No',
  )
  await expect(cardValue(cards.first(), 'User')).toHaveText(newest.report_submit_by.full_name)
  await expectNoSidewaysScroll(page)
  await expectAccessible(page)
  await screenshotBoth(page, 'brands-report-archive-phone')
})

test('archive columns sort: Date Time ascending then descending, Photos by number, Completed', async ({ page }) => {
  await page.goto(`${FIELD_URL}/snapshot/${siteCode}/brands-report/archive`)
  const { entries } = await getFacilityReports(page, await locationIdOf(page, siteCode))
  const reportPath = (id: number) => `/snapshot/${siteCode}/brands-report/${id}`
  const dateTime = header(page, 'Date Time')
  await dateTime.getByRole('button').click()
  await expect(dateTime).toHaveAttribute('aria-sort', 'ascending')
  const firstReportLink = bodyRows(page).first().getByRole('link')
  await expect(firstReportLink).toHaveAttribute('href', reportPath(entries.at(-1)!.id))
  await dateTime.getByRole('button').click()
  await expect(dateTime).toHaveAttribute('aria-sort', 'descending')
  await expect(firstReportLink).toHaveAttribute('href', reportPath(entries[0]!.id))
  await dateTime.getByRole('button').click()
  await expect(dateTime).toHaveAttribute('aria-sort', 'none')

  const photos = header(page, 'Photos')
  await photos.getByRole('button').click()
  await expect(bodyRows(page).first().locator('td').nth(1)).toHaveText(
    String(Math.min(...entries.map((entry) => entry.photos_count))),
  )
  await photos.getByRole('button').click()
  await expect(bodyRows(page).first().locator('td').nth(1)).toHaveText(
    String(Math.max(...entries.map((entry) => entry.photos_count))),
  )

  const completed = header(page, 'Completed')
  await completed.getByRole('button').click()
  await expect(completed).toHaveAttribute('aria-sort', 'ascending')
  await completed.getByRole('button').click()
  await expect(completed).toHaveAttribute('aria-sort', 'descending')
  await expect(bodyRows(page).first().locator('td').nth(3).locator('.mantine-Badge-root')).toHaveText(
    entries.some((entry) => entry.completed) ? 'Yes' : 'No',
  )
})

test('a partial report says which standards have no photos, in the archive and on the report', async ({ page }) => {
  let partial: { siteCode: string; id: number; missing: string[] } | undefined
  for (const facility of (await getFacilitiesOverview(page)).slice(0, 20)) {
    const { entries } = await getFacilityReports(page, await locationIdOf(page, facility.site_code))
    const entry = entries.find((candidate) => !candidate.completed && candidate.missing_standards.length > 0)
    if (entry) {
      partial = { siteCode: facility.site_code, id: entry.id, missing: entry.missing_standards }
      break
    }
  }
  expect(partial).toBeDefined()
  const { siteCode: site, id, missing } = partial!
  await page.goto(`${FIELD_URL}/snapshot/${site}/brands-report/archive`)
  const row = bodyRows(page).filter({
    has: page.locator(`a[href="/snapshot/${site}/brands-report/${id}"]`),
  })
  await expect(row.locator('td').nth(3)).toContainText(noPhotosText(missing))
  await row.getByRole('link').click()
  await expect(page.getByText('Partial', { exact: true })).toBeVisible()
  await expect(page.getByText(`${noPhotosText(missing)}.`, { exact: true })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'brands-report-partial', { fullPage: false })
})

test.describe("in the viewer's time zone", () => {
  test('a report shows date, submitted time, total photos, completed by, read-only notes and photos by brand standard', async ({
    page,
  }) => {
    const { entries } = await getFacilityReports(page, await locationIdOf(page, siteCode))
    const report = await getReport(page, entries[0]!.id)
    // The seed dates reports relative to its start; this one is shown as submitted at a fixed moment.
    await page.route(`**/api/brands_reports/${report.id}`, (route) =>
      route.fulfill({ json: { ...report, report_submit_at: '2026-04-02T20:05:00.000Z' } }),
    )
    await page.goto(`${FIELD_URL}/snapshot/${siteCode}/brands-report/archive`)
    await bodyRows(page).first().getByRole('link').click()
    await expect(page).toHaveURL(`${FIELD_URL}/snapshot/${siteCode}/brands-report/${report.id}`)
    // 20:05 UTC on 2 April 2026 is 3:05 PM in Chicago (CDT, UTC−5).
    await expect(page.getByText('04/02/2026', { exact: true }).first()).toBeVisible()
    await expect(page.getByText('3:05 PM', { exact: true })).toBeVisible()
    await expect(page.getByText(report.report_submit_by.full_name, { exact: true })).toBeVisible()
    await expect(page.getByText(String(report.photos_count), { exact: true })).toBeVisible()
    const notes = page.getByRole('textbox', { name: 'Notes' })
    await expect(notes).toHaveAttribute('readonly', '')
    for (const group of report.brand_standard_reports) {
      const section = page.getByRole('region', { name: group.brand_standard.name })
      await expect(section.getByRole('button', { name: /^Zoom / })).toHaveCount(group.attachments.length)
    }
    await expectAccessible(page)
    await screenshotBoth(page, 'brands-report-detail')
  })
})

test('the gallery zooms: open a photo, zoom with the button and keys, move with arrows and swipes, close with Escape', async ({
  page,
}) => {
  const { entries } = await getFacilityReports(page, await locationIdOf(page, siteCode))
  const report = await getReport(page, entries[0]!.id)
  await page.goto(`${FIELD_URL}/snapshot/${siteCode}/brands-report/${report.id}`)
  const firstGroup = report.brand_standard_reports[0]!
  const secondGroup = report.brand_standard_reports[1]!
  await page
    .getByRole('region', { name: firstGroup.brand_standard.name })
    .getByRole('button', { name: /^Zoom / })
    .first()
    .click()
  const viewer = page.getByRole('dialog')
  await expect(viewer).toContainText(`${firstGroup.brand_standard.name} · photo 1 of ${firstGroup.attachments.length}`)
  const stage = viewer.getByTestId('zoom-stage')
  await expect(stage).toHaveAttribute('data-zoom', '1')
  await expect(stage.locator('img')).toHaveAttribute('src', firstGroup.attachments[0]!.url)
  await viewer.getByRole('button', { name: 'Zoom in' }).click()
  await expect(stage).toHaveAttribute('data-zoom', '2')
  await page.keyboard.press('+')
  await expect(stage).toHaveAttribute('data-zoom', '3')
  await page.keyboard.press('-')
  await expect(stage).toHaveAttribute('data-zoom', '2')
  await screenshotBoth(page, 'brands-report-zoom')

  // Arrow keys move through every photo of the report, standard after standard, each unzoomed.
  for (let step = 1; step < firstGroup.attachments.length; step++) await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(viewer).toContainText(
    `${secondGroup.brand_standard.name} · photo 1 of ${secondGroup.attachments.length}`,
  )
  await expect(stage).toHaveAttribute('data-zoom', '1')
  await page.keyboard.press('ArrowLeft')
  await expect(viewer).toContainText(`${firstGroup.brand_standard.name} · photo ${firstGroup.attachments.length} of`)

  // A swipe to the left shows the next photo.
  const box = (await stage.boundingBox())!
  const y = box.y + box.height / 2
  await stage.dispatchEvent('pointerdown', {
    clientX: box.x + box.width * 0.8,
    clientY: y,
    pointerType: 'touch',
    isPrimary: true,
  })
  await stage.dispatchEvent('pointerup', {
    clientX: box.x + box.width * 0.2,
    clientY: y,
    pointerType: 'touch',
    isPrimary: true,
  })
  await expect(viewer).toContainText(`${secondGroup.brand_standard.name} · photo 1 of`)

  await page.keyboard.press('Escape')
  await expect(viewer).toHaveCount(0)
})

test('an unknown site code, a report of another facility and a non-numeric id go to Page Not Found', async ({
  page,
}) => {
  await page.goto(`${FIELD_URL}/snapshot/NOPE999/brands-report/archive`)
  await expect(page).toHaveURL(`${FIELD_URL}/404`)
  await expect(page.getByText('Page Not Found')).toBeVisible()
  const overview = await getFacilitiesOverview(page)
  const other = overview.find((row) => row.site_code !== siteCode)!
  await page.goto(`${FIELD_URL}/snapshot/${siteCode}/brands-report/${other.last_brands_report!.id}`)
  await expect(page).toHaveURL(`${FIELD_URL}/404`)
  await page.goto(`${FIELD_URL}/snapshot/${siteCode}/brands-report/abc`)
  await expect(page).toHaveURL(`${FIELD_URL}/404`)
})
