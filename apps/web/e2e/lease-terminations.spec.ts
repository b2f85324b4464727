import { expect, test, type Page } from '@playwright/test'
import type { CommunicationsPage } from '@storageops/contracts/communications'
import type { LeaseTerminationAccepted, LeaseTerminationsPage } from '@storageops/contracts/lease-terminations'
import { adminApi, rentedUnitsOf } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'
import { readStandInOutbox } from './stand-in-outbox.ts'

test.describe.configure({ mode: 'serial' })

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA')
// A unit has one notice per termination date: each repetition of a journey (--repeat-each) takes its own dates.
const inTwoWeeks = () => inDays(14 + test.info().repeatEachIndex)
const submit = (page: Page) => page.getByRole('button', { name: 'Submit' })

/** Fills the form for two units of the first facility (by default its first two); returns their unit numbers. */
async function fillForm(
  page: Page,
  { reason = 'Other', notes = 'Owner is selling the property', date = inTwoWeeks(), firstUnit = 0 } = {},
) {
  await page.getByRole('combobox', { name: 'Facility' }).click()
  await page.getByRole('option').first().click()
  const units = page.getByRole('combobox', { name: 'Units' })
  await expect(units).toBeEnabled({ timeout: 20_000 })
  await units.click()
  const options = page.getByRole('option')
  const chosen = [(await options.nth(firstUnit).textContent())!, (await options.nth(firstUnit + 1).textContent())!]
  await options.nth(firstUnit).click()
  await options.nth(firstUnit + 1).click()
  await page.keyboard.press('Escape')
  await page.getByLabel('Date').fill(date)
  await page.getByLabel('Time').fill('17:30')
  await page.getByRole('combobox', { name: 'Reason' }).click()
  await page.getByRole('option', { name: reason, exact: true }).click()
  await page.getByRole('textbox', { name: 'Notes' }).fill(notes)
  return chosen
}

test('the form lists rented units grouped by tenant and enables Submit only when everything is set', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/lease-terminations`)
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Lease Termination' })).toBeVisible()
  await expect(submit(page)).toBeDisabled()
  await expect(page.getByRole('radio', { name: 'Non-renewal' })).toBeChecked()
  await page.getByRole('combobox', { name: 'Facility' }).click()
  await page.getByRole('option').first().click()
  await expect(page.getByText(/\d+ rented units, grouped by tenant/)).toBeVisible({ timeout: 20_000 })
  await page.getByRole('combobox', { name: 'Units' }).click()
  await expect(
    page
      .getByRole('listbox')
      .getByText(/\(#\d+\)$/)
      .first(),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('combobox', { name: 'Reason' }).click()
  const reasons = await page.getByRole('option').allTextContents()
  expect(reasons).toHaveLength(8)
  expect(reasons.slice(0, 7).every((reason) => reason.startsWith('Breach of Lease: '))).toBe(true)
  expect(reasons[7]).toBe('Other')
  await page.keyboard.press('Escape')
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-lease-terminations')
})

test("a failed submit says 'API failed and something went wrong!'", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/lease-terminations`)
  await fillForm(page)
  await page.route('**/api/notices/lease_termination_notice', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"internal","message":"Something went wrong."}',
    }),
  )
  await submit(page).click()
  await expect(page.getByText('API failed and something went wrong!').first()).toBeVisible()
})

test('submitting sends one notice per tenant; history lists them with the notice in a new tab, viewed state and the CSV', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/lease-terminations`)
  const units = await fillForm(page)
  await expect(page.getByText('Reason on the notice: Other - Owner is selling the property')).toBeVisible()
  await expect(submit(page)).toBeEnabled()
  const response = page.waitForResponse('**/api/notices/lease_termination_notice')
  await submit(page).click()
  // Other journeys may have sent notices for the same units: the rows checked below are this submit's.
  const { ids } = (await (await response).json()) as LeaseTerminationAccepted
  expect((await response).request().postDataJSON()).toMatchObject({
    termination_type: 'NON-RENEWAL',
    form_date: inTwoWeeks(),
    time: '17:30',
    reason_and_notes: 'Other - Owner is selling the property',
  })
  await expect(page.getByText('Done. Notices will be sent out shortly!')).toBeVisible()

  await page.getByRole('link', { name: 'Lease Terminations History' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Lease Terminations History' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Lease terminations' })
  await expect(table.getByRole('columnheader')).toHaveText([
    '#',
    'Sent At',
    'Facility',
    'Unit(s)',
    'Type',
    'Reason',
    'Termination Date',
    'Termination Time',
    'Tenant Viewed',
    'Notice',
  ])
  await expect
    .poll(
      async () =>
        (await adminApi<LeaseTerminationsPage>(page, 'GET', '/api/lease_terminations')).body.rows.every(
          (row) => row.status === 'sent',
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe(true)
  await page.reload()
  const row = table.getByRole('row', { name: new RegExp(`^(${ids.join('|')}) .*${units[0]!}`) })
  await expect(row).toContainText('Not yet')
  await expect(row).toContainText('5:30 PM')
  const notice = row.getByRole('link', { name: /Notice \d+ \(opens in a new tab\)/ })
  await expect(notice).toHaveAttribute('target', '_blank')
  const [pdf] = await Promise.all([page.waitForEvent('popup'), notice.click()])
  await pdf.waitForLoadState()
  expect(pdf.url()).toMatch(/\/img\/lease-termination-[0-9a-f]{32}\.pdf$/)
  await pdf.close()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('lease_termination_history.csv')
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-lease-terminations-history')
  await page.getByRole('link', { name: 'Back', exact: true }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/lease-terminations`)
})

test('a double-clicked Submit sends one request and one notice per tenant; submitting again names the notice already sent', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/lease-terminations`)
  const date = inDays(21 + test.info().repeatEachIndex)
  const units = await fillForm(page, { date, firstUnit: 2 })
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/notices/lease_termination_notice'))
      posts.push(request.url())
  })
  const answered = page.waitForResponse('**/api/notices/lease_termination_notice')
  // Both clicks of the double click land before the page can draw the first one's loading state.
  await submit(page).evaluate((button: HTMLButtonElement) => {
    button.click()
    button.click()
  })
  const { ids } = (await (await answered).json()) as LeaseTerminationAccepted
  await expect(page.getByText('Done. Notices will be sent out shortly!')).toBeVisible()
  expect(posts).toHaveLength(1)

  const ours = async () =>
    (await adminApi<LeaseTerminationsPage>(page, 'GET', '/api/lease_terminations?limit=100')).body.rows.filter(
      (row) => row.termination_date === date && row.units.some((unit) => units.includes(unit)),
    )
  await expect.poll(async () => (await ours()).every((row) => row.status === 'sent'), { timeout: 30_000 }).toBe(true)
  const rows = await ours()
  expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort())
  const received = () => {
    const outbox = readStandInOutbox()
    return rows.map((row) => [
      outbox.emailKeys.filter((key) => key === `lease-termination/${row.id}#email`).length,
      outbox.texts.filter((text) => text.body.includes(`/notice/${row.id}?`)).length,
    ])
  }
  await expect.poll(received, { timeout: 30_000 }).toEqual(rows.map(() => [1, 1]))

  await page.reload()
  await fillForm(page, { date, firstUnit: 2 })
  await submit(page).click()
  await expect(page.getByText(/^A notice for the same termination date already exists: unit /)).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-lease-terminations-already-sent')
  expect(received()).toEqual(rows.map(() => [1, 1]))
  expect((await ours()).length).toBe(rows.length)
})

test('a termination of 11 tenants fills a second page of both histories: 10 notices and 20 messages a page', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/lease-terminations/history`)
  const { facility, oneUnitPerTenant } = await rentedUnitsOf(page, 2)
  expect(oneUnitPerTenant.length).toBeGreaterThanOrEqual(11)
  const submitted = await adminApi<LeaseTerminationAccepted>(page, 'POST', '/api/notices/lease_termination_notice', {
    locationCode: facility,
    unit_numbers: oneUnitPerTenant.slice(0, 11),
    termination_type: 'Non-renewal',
    form_date: inTwoWeeks(),
    time: '12:00',
    reason_and_notes: 'Breach of Lease: Non-payment of rent and fees',
  })
  expect(submitted.body.notices).toBe(11)
  await expect
    .poll(async () => (await adminApi<LeaseTerminationsPage>(page, 'GET', '/api/lease_terminations')).body.count, {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(11)

  await page.reload()
  const table = page.getByRole('table', { name: 'Lease terminations' })
  await expect(table.getByRole('row')).toHaveCount(11)
  const second = page.waitForRequest((candidate) => candidate.url().includes('/api/lease_terminations?'))
  await page.getByRole('button', { name: '2', exact: true }).click()
  expect((await second).url()).toContain('limit=10&offset=10')
  await expect(table.getByRole('row').nth(1)).toBeVisible()

  await expect
    .poll(
      async () => (await adminApi<CommunicationsPage>(page, 'GET', '/api/communications?limit=1&offset=0')).body.count,
      {
        timeout: 60_000,
      },
    )
    .toBeGreaterThanOrEqual(22)
  await page.goto(`${ADMIN_URL}/communication-history`)
  const history = page.getByRole('table', { name: 'Communication history' })
  await expect(history.getByRole('row')).toHaveCount(21)
  const next = page.waitForRequest((candidate) => candidate.url().includes('/api/communications?'))
  await page.getByRole('button', { name: '2', exact: true }).click()
  expect((await next).url()).toContain('limit=20&offset=20')
  await expect(history.getByRole('row').nth(1)).toBeVisible()
})
