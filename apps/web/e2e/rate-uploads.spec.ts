import fs from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, expectToastFor5s, screenshotBoth, signInAdmin } from './fixtures.ts'

test.describe.configure({ mode: 'serial' })

const count = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}: `))

/** Saves what a click downloads and returns its name and text. */
/** Downloads by `click`, then moves the pointer off the button, so its tooltip is not fading in when axe reads colours. */
async function download(page: Page, click: () => Promise<unknown>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  await page.mouse.move(0, 0)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') }
}

async function uploadCsv(page: Page, name: string, text: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: name.endsWith('.csv') ? 'text/csv' : 'text/plain', buffer: Buffer.from(text) })
}

const log = (page: Page) => page.getByRole('log', { name: 'Live log' })

/** Clicks PROCESS and returns the id of the upload the server started processing. */
async function processedUploadId(page: Page, kind: 'street_rate' | 'tenant_rate') {
  const [response] = await Promise.all([
    page.waitForResponse(
      (candidate) => candidate.url().endsWith(`/api/${kind}/process`) && candidate.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'PROCESS' }).click(),
  ])
  expect(response.status()).toBe(202)
  return String(((await response.json()) as { upload_id: number }).upload_id)
}

/** An upload's row of a logs table, found by its download button (named with the upload's id). */
const uploadRow = (table: Locator, id: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('button', { name: `Download the log of upload ${id}` }) })

test('street rates: the example file uploads, shows old → new, processes live and ends Import Finished.', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/street-rate-upload`)
  await expect(page.getByRole('heading', { level: 1, name: 'Street Rate Upload' })).toBeVisible()
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 })
  const example = await download(page, () => page.getByRole('button', { name: 'Example CSV' }).click())
  expect(example.name).toBe('Update-Unit-Type-Price-RM.csv')
  expect(example.text.split(/\r?\n/)[0]).toBe('location_code,unit_type_id,new_street_rate')

  await uploadCsv(page, 'Update-Unit-Type-Price-RM.csv', example.text)
  await expect(page.getByText('Successfully uploaded CSV file!').first()).toBeVisible()
  await expect(count(page, 'Received')).toHaveText('3')
  await expect(count(page, 'Pending')).toHaveText('3')
  await expect(count(page, 'Errors')).toHaveText('0')
  const changesTable = page.getByRole('table', { name: 'Changes to process' })
  await expect(changesTable.getByText(/^\$[\d,.]+ → \$[\d,.]+$/)).toHaveCount(3)
  await expect(page.getByText('3 changes', { exact: true })).toBeVisible()
  // The rows come a page at a time from the server, sorted there; the sort stays in the URL.
  const changeHeader = changesTable.getByRole('columnheader', { name: 'Change', exact: true })
  await changeHeader.getByRole('button').click()
  await expect(page).toHaveURL(`${ADMIN_URL}/street-rate-upload?sort=change`)
  await expect(changeHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(changesTable.getByText(/^\$[\d,.]+ → \$[\d,.]+$/)).toHaveCount(3)
  await expect(page.getByText('Monthly revenue change')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 3 changes to process.' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-street-rate-upload')

  const id = await processedUploadId(page, 'street_rate')
  await expect(log(page).getByText('Successfully processed rate changes!')).toBeVisible({ timeout: 30_000 })
  await expect(log(page).getByText(/^Row 2: .* street rate \$[\d,.]+ → \$[\d,.]+: applied$/)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Import Finished.' })).toBeVisible()
  await expect(count(page, 'Received')).toHaveText('0')
  await screenshotBoth(page, 'admin-street-rate-upload-finished')
  // On a phone the finished log is taller than its box: a keyboard reaches it to scroll (issue 34: axe found none).
  await page.setViewportSize({ width: 390, height: 844 })
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.getByRole('link', { name: 'View logs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Street Rate Upload Logs' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Street Rate Upload Logs' })
  for (const header of ['#', 'Upload time', 'User name', 'Number of records', 'Actions'])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  // The demo's seeded upload and earlier runs are listed too: this journey's own row, by its id.
  const first = uploadRow(table, id)
  await expect(first.getByRole('cell').first()).toHaveText(id)
  await expect(first).toContainText('Alex Morgan')
  await expect(first).toContainText('3 (3 applied)')
  const saved = await download(page, () =>
    first.getByRole('button', { name: `Download the log of upload ${id}` }).click(),
  )
  expect(saved.name).toBe(`street_rate_upload_id_${id}.csv`)
  expect(saved.text).toContain('row,location_code,unit_type_id,old_street_rate,new_street_rate,state,outcome')
  expect(saved.text.match(/,applied,applied/g)).toHaveLength(3)
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-street-rate-upload-logs')

  await first.getByRole('button', { name: `Undo upload ${id}` }).click()
  await expect(page.getByRole('dialog')).toContainText('The previous street rates of its applied changes go back')
  await page.getByRole('dialog').getByRole('button', { name: 'Undo' }).click()
  await expect(first).toContainText('3 (3 applied, undone)', { timeout: 30_000 })
  await expect(first.getByRole('button', { name: `Undo upload ${id}` })).toHaveCount(0)
})

test('a file that is not CSV shows the server message', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/street-rate-upload`)
  await uploadCsv(page, 'rates.txt', 'location_code,unit_type_id,new_street_rate\n')
  await expect(page.getByText('Only .csv files are accepted.')).toBeVisible()
})

test('the pending counts follow the live channel: a discard by another session clears them without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/street-rate-upload`)
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 })
  const example = await download(page, () => page.getByRole('button', { name: 'Example CSV' }).click())
  await uploadCsv(page, 'Update-Unit-Type-Price-RM.csv', example.text)
  await expect(count(page, 'Pending')).toHaveText('3')
  await expect(page.getByRole('button', { name: 'PROCESS' })).toBeEnabled()

  // Another session's DISCARD: the API called outside this page's own queries.
  expect((await adminApi(page, 'POST', '/api/street_rate/discard')).status).toBe(200)
  await expect(log(page).getByText('Pending changes discarded.')).toBeVisible()
  await expect(count(page, 'Received')).toHaveText('0')
  await expect(page.getByText('No pending changes')).toBeVisible()
  await expect(page.getByRole('button', { name: 'PROCESS' })).toBeDisabled()
  await screenshotBoth(page, 'admin-street-rate-upload-discarded-elsewhere')
})

test('tenant rates: a stale row is listed with its row, column and rule; DISCARD clears; the example processes', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/tenant-rate-upload`)
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Rate Upload' })).toBeVisible()
  const example = await download(page, () => page.getByRole('button', { name: 'Example CSV' }).click())
  expect(example.name).toBe('Existing-Tenant-Rate-Increase-RM_V2.csv')
  const [header, first] = example.text.trim().split(/\r?\n/)
  const cells = first!.split(',')
  cells[4] = '1.00'
  await uploadCsv(page, 'stale.csv', `${header}\n${first}\n${cells.join(',')}\n`)
  await expect(count(page, 'Received')).toHaveText('2')
  await expect(count(page, 'Errors')).toHaveText('1')
  await expect(count(page, 'Pending')).toHaveText('1')
  const errors = page.getByRole('table', { name: 'Rows with errors' })
  await expect(
    errors.getByText(/^Row 3, current_rent: the system holds [\d.]+, not 1\.00 \(the file is stale\)\.$/),
  ).toBeVisible()
  await expect(errors.getByText('current rent matches')).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-tenant-rate-upload-errors')

  await page.getByRole('button', { name: 'DISCARD' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click()
  await expect(count(page, 'Received')).toHaveText('0')
  await expect(page.getByText('No pending changes')).toBeVisible()

  await uploadCsv(page, 'Existing-Tenant-Rate-Increase-RM_V2.csv', example.text)
  await expect(count(page, 'Pending')).toHaveText('3')
  await expect(page.getByRole('table', { name: 'Changes to process' }).getByText(/^Tenant \d+ · lease /)).toHaveCount(3)
  const id = await processedUploadId(page, 'tenant_rate')
  await expect(page.getByRole('status').filter({ hasText: 'Import Finished.' })).toBeVisible({ timeout: 30_000 })
  await expect(log(page).getByText(/rent \$[\d,.]+ → \$[\d,.]+ from \d{4}-\d{2}-\d{2}: applied$/)).toHaveCount(3)

  // A page opened after the run reads the log so far over HTTP.
  await page.reload()
  await expect(log(page).getByText('Successfully processed rate changes!')).toBeVisible()
  await page.goto(`${ADMIN_URL}/tenant-rate-upload/logs`)
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Rate Upload Logs' })).toBeVisible()
  const own = uploadRow(page.getByRole('table', { name: 'Tenant Rate Upload Logs' }), id)
  await expect(own.getByRole('cell').first()).toHaveText(id)
  await expect(own).toContainText('3 (3 applied)')
  const saved = await download(page, () =>
    own.getByRole('button', { name: `Download the log of upload ${id}` }).click(),
  )
  expect(saved.name).toBe(`tenant_rate_upload_id_${id}.csv`)
  expect(saved.text.match(/,applied,applied/g)).toHaveLength(3)
  await screenshotBoth(page, 'admin-tenant-rate-upload-logs')
})

test('on a phone (390×844) the live badge shows its whole word beside a long status on both upload screens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAdmin(page)
  for (const path of ['street-rate-upload', 'tenant-rate-upload']) {
    await page.goto(`${ADMIN_URL}/${path}`)
    const example = await download(page, () => page.getByRole('button', { name: 'Example CSV' }).click())
    await uploadCsv(page, example.name, example.text)
    // The tenant example processed by an earlier journey is 'already scheduled' (issue 35): a longer status still.
    await expect(
      page.getByRole('status').filter({ hasText: /^(Ready: 3 changes to process\.|Every row has errors: .*)$/ }),
    ).toBeVisible()
    const label = page.getByText('Live', { exact: true })
    await expect(label).toBeVisible({ timeout: 15_000 })
    // A squeezed badge cuts its label to 'L…': the whole word needs its full width.
    expect(await label.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'DISCARD' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click()
    await expect(page.getByText('No pending changes')).toBeVisible()
  }
})

test("Upload Logs: a spinner while they load; a failed download says 'Failed to download csv file' top-left for 5 s", async ({
  page,
}) => {
  await page.clock.install()
  await signInAdmin(page)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/street_rate/logs', async (route) => {
    await held
    await route.fallback()
  })
  await page.goto(`${ADMIN_URL}/street-rate-upload/logs`)
  await expect(page.getByRole('heading', { level: 1, name: 'Street Rate Upload Logs' })).toBeVisible()
  await expect(page.getByLabel('Loading the upload logs')).toBeVisible()
  release()
  const table = page.getByRole('table', { name: 'Street Rate Upload Logs' })
  await expect(table).toBeVisible()
  await expect(page.getByLabel('Loading the upload logs')).toHaveCount(0)

  await page.route('**/api/street_rate/logs/*', (route) => route.fulfill({ status: 500, body: '' }))
  const download = table.getByRole('button', { name: /^Download the log of upload / }).first()
  const box = await expectToastFor5s(page, 'Failed to download csv file', () => download.click())
  expect(box.x).toBeLessThan(100)
  expect(box.y).toBeLessThan(100)
})

test('Upload Logs that cannot load say so with Try again, not only in the console (decision 029)', async ({ page }) => {
  await signInAdmin(page)
  let fail = true
  await page.route('**/api/tenant_rate/logs', (route) =>
    fail ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  )
  await page.goto(`${ADMIN_URL}/tenant-rate-upload/logs`)
  await expect(page.getByRole('alert')).toContainText('The upload logs could not be loaded.')
  fail = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('table', { name: 'Tenant Rate Upload Logs' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test("a refused DISCARD or PROCESS says 'Something went wrong.'; the changes stay pending", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/street-rate-upload`)
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 })
  const example = await download(page, () => page.getByRole('button', { name: 'Example CSV' }).click())
  await uploadCsv(page, 'Update-Unit-Type-Price-RM.csv', example.text)
  await expect(count(page, 'Pending')).toHaveText('3')
  await page.route('**/api/street_rate/discard', (route) => route.fulfill({ status: 500, body: '' }))
  await page.route('**/api/street_rate/process', (route) => route.fulfill({ status: 500, body: '' }))
  const failed = page.getByRole('alert').filter({ hasText: 'Something went wrong.' })

  await page.getByRole('button', { name: 'DISCARD' }).click()
  await page
    .getByRole('dialog', { name: 'Discard the pending changes?' })
    .getByRole('button', { name: 'Discard' })
    .click()
  await expect(failed).toHaveText('Something went wrong.')
  await failed.getByRole('button', { name: 'Close notification' }).click()
  await expect(failed).toHaveCount(0)
  await page.getByRole('button', { name: 'PROCESS' }).click()
  await expect(failed).toHaveText('Something went wrong.')
  await expect(count(page, 'Pending')).toHaveText('3')

  await page.unroute('**/api/street_rate/discard')
  await page.getByRole('button', { name: 'DISCARD' }).click()
  await page
    .getByRole('dialog', { name: 'Discard the pending changes?' })
    .getByRole('button', { name: 'Discard' })
    .click()
  await expect(count(page, 'Pending')).toHaveText('0')
})
