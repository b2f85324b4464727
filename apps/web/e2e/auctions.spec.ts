import { expect, test, type Page } from '@playwright/test'
import type { Auction, AuctionWinnersPage } from '@storageops/contracts/auctions'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

test.describe.configure({ mode: 'serial' })

const HEADER = 'name,email,phone,address,city,zip,location_code,unit_no,facility_balance'
const stamp = Date.now().toString(36)

async function firstLocationCode(page: Page) {
  const { body } = await adminApi<Array<{ location_code: string }>>(page, 'GET', '/api/locations')
  return body[0]!.location_code
}

async function chooseCsv(page: Page, csv: string, name = 'winners.csv') {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) })
}

/** Picks a day of this month in the date picker opened by its field (days are named '10 November 2026'). */
async function pickDay(page: Page, label: string, day: number) {
  const month = new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric' })
  await page.getByRole('button', { name: label }).click()
  await page.getByRole('button', { name: `${day} ${month}`, exact: true }).click()
}

test('/auctions lists the active and completed auctions; the create modal keeps its rules', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/auctions`)
  await expect(page.getByRole('heading', { level: 1, name: 'Auctions' })).toBeVisible()
  const active = page.getByRole('table', { name: 'Active auction' })
  const completed = page.getByRole('table', { name: 'Completed auctions' })
  await expect(completed.getByRole('columnheader', { name: 'Number of Auction Winners' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Auction winners' })).toHaveAttribute('href', '/auctions/history')
  await expect(page.getByRole('link', { name: 'Upload winners' })).toHaveAttribute('href', '/auctions/new-upload')
  const { body: current } = await adminApi<Auction | null>(page, 'GET', '/api/auction/active_auction')
  if (current) {
    await expect(active.getByRole('columnheader', { name: 'Auction Gate Code' })).toBeVisible()
    await expect(active.getByRole('cell', { name: current.gateCode })).toBeVisible()
    await expect(
      active.getByRole('cell', { name: new Date(current.startDate).toLocaleDateString('en-US') }),
    ).toBeVisible()
  }
  const { body: done } = await adminApi<Auction[]>(page, 'GET', '/api/auction/completed_auctions')
  if (done[0])
    await expect(completed.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(
      String(done[0].numberOfAuctionWinners),
    )
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-auctions')

  // While an auction is active, creating another is refused (409: 'Failed to create auction.').
  if (!current)
    await adminApi(page, 'POST', '/api/auction', {
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      gateCode: '*482915#',
    })
  await page.reload()
  await page.getByRole('button', { name: 'Create new auction' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create new auction' })
  const save = dialog.getByRole('button', { name: 'Save' })
  await expect(save).toBeDisabled()
  await expect(dialog.getByLabel('Gate code')).toHaveAttribute('placeholder', '*xxxxx#')
  await pickDay(page, 'Start date', 10)
  await expect(save).toBeDisabled()
  await pickDay(page, 'End date', 12)
  await expect(save).toBeDisabled()
  await dialog.getByLabel('Gate code').fill('*482915#')
  await expect(save).toBeEnabled()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-auctions-create')
  await save.click()
  await expect(page.getByText('Failed to create auction.').first()).toBeVisible()

  // A 400 shows the server's message.
  await page.route('**/api/auction', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: '{"error":"invalid_input","message":"End date must be after start date.","field":"endDate"}',
    }),
  )
  await save.click()
  await expect(page.getByText('End date must be after start date.').first()).toBeVisible()
  await page.unroute('**/api/auction')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // Complete the active auction, then create the next one with the start of its first day and the end of its last.
  await active.getByRole('button', { name: 'Complete auction' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Complete auction' }).click()
  await expect(page.getByText('No active auction. Create one to upload its winners.')).toBeVisible()
  await page.getByRole('button', { name: 'Create new auction' }).click()
  await pickDay(page, 'Start date', 3)
  await pickDay(page, 'End date', 27)
  await dialog.getByLabel('Gate code').fill('*12345#')
  await save.click()
  await expect(dialog.getByText(/Gate code must be 6 digits/)).toBeVisible()
  await dialog.getByLabel('Gate code').fill('*482915#')
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/auction') && response.status() === 201,
  )
  await save.click()
  const auction = (await (await created).json()) as Auction
  await expect(page.getByText('Successfully created auction!').first()).toBeVisible()
  expect(new Date(auction.startDate).getHours()).toBe(0)
  expect(new Date(auction.startDate).getDate()).toBe(3)
  expect(new Date(auction.endDate).getDate()).toBe(27)
  expect(new Date(auction.endDate).getHours()).toBe(23)
  expect(new Date(auction.endDate).getMinutes()).toBe(59)
  await expect(active.getByRole('cell', { name: new Date(auction.endDate).toLocaleDateString('en-US') })).toBeVisible()
  await expect(active.getByRole('cell', { name: '*482915#' })).toBeVisible()
})

test('/auctions/new-upload refuses a bad CSV with its rows, imports a good one and sends the emails on request', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/auctions/new-upload`)
  await expect(page.getByRole('heading', { level: 1, name: 'Auction Winner Upload' })).toBeVisible()
  const code = await firstLocationCode(page)
  await chooseCsv(page, `${HEADER}\nA Buyer,not-an-email,,,,,${code},U1,10\n`)
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The CSV was not imported' })).toContainText(
    'Line 2 (U1): email "not-an-email" is not an email address',
  )
  await chooseCsv(page, 'x', 'winners.txt')
  await expect(page.getByRole('status')).toHaveText('Only .csv files are accepted.')
  await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled()
  const rows = [1, 2, 3].map(
    (n) =>
      `Buyer ${stamp} ${n},buyer.${stamp}.${n}@example.com,(512) 555-0142,1 Main St,Austin,78701,${code},Z${stamp}${n},${n}00.25`,
  )
  await chooseCsv(page, `${HEADER}\n${rows.join('\n')}\n`)
  await expect(page.getByRole('status')).toHaveText('winners.csv is ready to upload.')
  await page.getByRole('button', { name: 'Upload' }).click()
  const ask = page.getByRole('dialog', { name: 'Send the winner emails?' })
  await expect(ask).toContainText(/Imported 3 auction winners into auction \d+\./)
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-auctions-upload')
  await ask.getByRole('button', { name: 'Send emails' }).click()
  await expect(page.getByRole('status')).toHaveText('Finished.')
  await expect(page.getByRole('link', { name: 'See all auction winners' })).toHaveAttribute('href', '/auctions/history')
  const { body } = await adminApi<AuctionWinnersPage>(page, 'GET', '/api/auction_winners?limit=3')
  expect(body.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
})

test('/auctions/history pages 20 winners; Mark as sent and Send emails ask first and say Done', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/auctions/new-upload`)
  const code = await firstLocationCode(page)
  const rows = Array.from(
    { length: 21 },
    (_, n) => `History ${stamp} ${n},history.${stamp}.${n}@example.com,,,,,${code},H${stamp}${n},5`,
  )
  await chooseCsv(page, `${HEADER}\n${rows.join('\n')}\n`)
  await page.getByRole('button', { name: 'Upload' }).click()
  await page.getByRole('dialog', { name: 'Send the winner emails?' }).getByRole('button', { name: 'Cancel' }).click()

  await page.goto(`${ADMIN_URL}/auctions/history`)
  await expect(page.getByRole('heading', { level: 1, name: 'Auction Winners' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Auction winners' })
  for (const header of [
    'Name',
    'Email',
    'Location Code',
    'Phone',
    'Address',
    'City',
    'Zip',
    'Facility Balance',
    'Created At',
    'Status',
    'Sent At',
  ])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(21)
  await page.getByRole('button', { name: '2', exact: true }).click()
  await expect(table.getByText(`History ${stamp} 0`, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: '1', exact: true }).click()
  const newest = `History ${stamp} 20`
  const row = table.getByRole('row').filter({ hasText: newest })
  await expect(row.getByText('Unsent')).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-auctions-history')

  await row.getByRole('button', { name: `Mark ${newest} as sent` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as sent' }).click()
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible()
  await expect(row.getByText('Sent', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: `Mark ${newest} as sent` })).toBeDisabled()

  await page.getByRole('button', { name: 'Send emails' }).click()
  await expect(page.getByRole('dialog', { name: 'Send emails to all unsent winners?' })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Send emails' }).click()
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible()
  await expect(table.getByText('Unsent')).toHaveCount(0)

  await page.route('**/api/auction_winners/send_emails', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error":"x","message":"Database unavailable."}',
    }),
  )
  await page.getByRole('button', { name: 'Send emails' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send emails' }).click()
  await expect(page.getByText('Database unavailable.').first()).toBeVisible()
})
