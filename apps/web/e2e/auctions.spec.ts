import { expect, test, type Locator, type Page } from '@playwright/test'
import type { Auction, AuctionWinnersPage } from '@storageops/contracts/auctions'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

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
  // The pickers show MM/DD/YYYY (admin-console-part-1 §5).
  const today = new Date()
  const shown = (day: number) =>
    [today.getMonth() + 1, day].map((part) => String(part).padStart(2, '0')).join('/') + `/${today.getFullYear()}`
  await expect(dialog.getByRole('button', { name: 'Start date' })).toHaveText(shown(10))
  await expect(dialog.getByRole('button', { name: 'End date' })).toHaveText(shown(12))
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
  await dialog.getByLabel('Gate code').fill('*123#')
  await save.click()
  await expect(dialog.getByText(/Gate code must be 4 to 10 digits/)).toBeVisible()
  await dialog.getByLabel('Gate code').fill('*13579#')
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
  await expect(active.getByRole('cell', { name: '*13579#' })).toBeVisible()
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
    'Name / Email / Phone',
    'Location Code / Unit',
    'Address / City / Zip',
    'Facility Balance',
    'Created At',
    'Status / Sent At',
    'Outcome',
  ])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(21)
  await page.getByRole('button', { name: '2', exact: true }).click()
  await expect(table.getByText(`History ${stamp} 0`, { exact: true })).toBeVisible()
  // The page is in the URL: a reload shows the same rows, and Back the first page (DESIGN §13).
  await expect(page).toHaveURL(/\/auctions\/history\?page=2$/)
  await page.reload()
  await expect(table.getByText(`History ${stamp} 0`, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
  await page.goBack()
  await expect(page).toHaveURL(/\/auctions\/history$/)
  await expect(table.getByText(`History ${stamp} 20`, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: '2', exact: true }).click()
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
  // Mark as sent's 'Done' may still show: wait for the send itself (queuing 20 emails on a loaded machine takes a while).
  await expect(table.getByText('Unsent')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible()
  // The confirmation fades out after the answer: until it has gone its 'Send emails' is a second button of that name.
  await expect(page.getByRole('dialog')).toHaveCount(0)

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

/** Two emailed winners of this run awaiting payment ('Outcome {stamp} A' and 'B'); imported by the first outcome test. */
const outcomeNames = ['A', 'B'].map((letter) => `Outcome ${stamp} ${letter}`) as [string, string]

test('/auctions/history records a payment, then the clean-out; only allowed moves are offered', async ({ page }) => {
  await signInAdmin(page)
  const code = await firstLocationCode(page)
  const names = outcomeNames
  const csv = names.map((name, n) => `${name},outcome.${stamp}.${n}@example.com,,,,,${code},P${stamp}${n},1000`)
  await page.goto(`${ADMIN_URL}/auctions/new-upload`)
  await chooseCsv(page, `${HEADER}\n${csv.join('\n')}\n`)
  await page.getByRole('button', { name: 'Upload' }).click()
  await page.getByRole('dialog', { name: 'Send the winner emails?' }).getByRole('button', { name: 'Cancel' }).click()
  const { body } = await adminApi<AuctionWinnersPage>(page, 'GET', '/api/auction_winners?limit=10')
  const mine = body.rows.filter((winner) => names.includes(winner.name))
  expect(mine).toHaveLength(2)
  for (const winner of mine) await adminApi(page, 'POST', `/api/auction_winners/${winner.id}/mark_as_sent`)

  await page.goto(`${ADMIN_URL}/auctions/history`)
  const table = page.getByRole('table', { name: 'Auction winners' })
  const [paidName] = names
  const paidRow = table.getByRole('row').filter({ hasText: paidName })
  await expect(paidRow.getByText('Awaiting payment')).toBeVisible()
  await paidRow.getByRole('button', { name: `Outcome of ${paidName}` }).click()
  await page.getByRole('menuitem', { name: 'Record payment' }).click()
  const payment = page.getByRole('dialog', { name: `Record payment from ${paidName}` })
  await payment.getByRole('button', { name: 'Record payment' }).click()
  await expect(payment.getByRole('alert')).toContainText('Amount paid')
  await payment.getByLabel('Amount paid').fill('1250.5')
  await settled(payment)
  // The table behind the dialog's dimmed overlay is checked without it (the history journey above).
  await expectAccessible(page, { exclude: ['table'] })
  await screenshotBoth(page, 'admin-auctions-outcome-paid')
  await payment.getByRole('button', { name: 'Record payment' }).click()
  await expect(paidRow.getByText('Paid $1,250.50')).toBeVisible()
  await paidRow.getByRole('button', { name: `Outcome of ${paidName}` }).click()
  await expect(page.getByRole('menuitem', { name: 'Record payment' })).toHaveCount(0)
  await page.getByRole('menuitem', { name: 'Mark cleaned out' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Mark cleaned out' }).click()
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible()
  await expect(paidRow.getByText('Cleaned out')).toBeVisible()
  await expect(paidRow.getByRole('button', { name: `Outcome of ${paidName}` })).toBeDisabled()
})

test('/auctions/history records a default with a backup bidder; /auctions sums the auction', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/auctions/history`)
  const table = page.getByRole('table', { name: 'Auction winners' })
  const defaultName = outcomeNames[1]
  const defaultRow = table.getByRole('row').filter({ hasText: defaultName })
  await defaultRow.getByRole('button', { name: `Outcome of ${defaultName}` }).click()
  await page.getByRole('menuitem', { name: 'Record default' }).click()
  const dialog = page.getByRole('dialog', { name: `Record default of ${defaultName}` })
  await dialog.getByLabel('Offer the unit to a backup bidder').check()
  const backupName = `Backup ${stamp}`
  await dialog.getByLabel('Backup bidder name').fill(backupName)
  await dialog.getByLabel('Backup bidder email').fill('not-an-email')
  await dialog.getByLabel('Balance due').fill('900')
  await dialog.getByRole('button', { name: 'Record default' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Email is not an email address.')
  await dialog.getByLabel('Backup bidder email').fill(`backup.${stamp}@example.com`)
  await settled(dialog)
  await expectAccessible(page, { exclude: ['table'] })
  await screenshotBoth(page, 'admin-auctions-outcome-default')
  await dialog.getByRole('button', { name: 'Record default' }).click()
  await expect(defaultRow.getByText('Defaulted')).toBeVisible()
  await expect(defaultRow.getByText('Offered to a backup bidder')).toBeVisible()
  const backupRow = table.getByRole('row').filter({ hasText: backupName })
  await expect(backupRow.getByText('Backup bidder', { exact: true })).toBeVisible()
  await expect(backupRow.getByText('Unsent')).toBeVisible()
  await expect(backupRow.getByText('$900.00')).toBeVisible()
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-auctions-history-outcomes')

  // The auction's summary once completed: one unit sold for $1,250.50, of which $1,000.00 was balance.
  const { body: active } = await adminApi<Auction>(page, 'GET', '/api/auction/active_auction')
  await adminApi(page, 'POST', `/api/auction/${active.id}/complete`)
  await adminApi(page, 'POST', '/api/auction', {
    startDate: new Date().toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
    gateCode: '*482915#',
  })
  await page.goto(`${ADMIN_URL}/auctions`)
  const completed = page.getByRole('table', { name: 'Completed auctions' })
  const summary = completed
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${active.id}$`) }) })
  await expect(summary.getByRole('cell')).toHaveText([
    String(active.id),
    new Date(active.startDate).toLocaleDateString('en-US'),
    new Date(active.endDate).toLocaleDateString('en-US'),
    String(active.numberOfAuctionWinners),
    '1',
    '$1,250.50',
    '$1,000.00',
  ])
  await screenshotBoth(page, 'admin-auctions-summary')
})

/** Where an element's text wraps: for each new line, the character before the break and the one after it. */
const lineBreaksOf = (element: Locator) =>
  element.evaluate((node) => {
    const text = node.textContent ?? ''
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
    const tops: number[] = []
    for (let current = walker.nextNode(); current; current = walker.nextNode())
      for (let at = 0; at < (current.textContent ?? '').length; at++) {
        const range = document.createRange()
        range.setStart(current, at)
        range.setEnd(current, at + 1)
        tops.push(Math.round(range.getBoundingClientRect().top))
      }
    return tops.flatMap((top, at) => (at > 0 && top > tops[at - 1]! ? [`${text[at - 1]}|${text[at]}`] : []))
  })

test('/auctions/history wraps a long email after its @ or before a dot, never inside a word (issue 34)', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/auctions/new-upload`)
  const code = await firstLocationCode(page)
  const email = `bartholomew.alexander.fitzgerald-montgomery.${stamp}@storage-and-logistics.longcorporatedomain.example.com`
  await chooseCsv(page, `${HEADER}\nLong Email ${stamp},${email},,,,,${code},L${stamp},5\n`)
  await page.getByRole('button', { name: 'Upload' }).click()
  await page.getByRole('dialog', { name: 'Send the winner emails?' }).getByRole('button', { name: 'Cancel' }).click()
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size)
    await page.goto(`${ADMIN_URL}/auctions/history`)
    const shown = page.getByText(email, { exact: true }).first()
    await expect(shown).toBeVisible()
    const breaks = await lineBreaksOf(shown)
    expect(breaks.length, `${size.width}px`).toBeGreaterThan(0)
    for (const at of breaks) expect(at, `${size.width}px`).toMatch(/^@\||^.\|\.$/)
  }
  await screenshotBoth(page, 'admin-auctions-history-long-email')
})
