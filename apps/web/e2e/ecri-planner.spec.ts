import { expect, test, type Page } from '@playwright/test'
import { ECRI_EXCLUSION_LABELS } from '@storageops/contracts/ecri-rules'
import { ADMIN_URL, choose, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

test.describe.configure({ mode: 'serial' })

const figure = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').first()
const number = async (page: Page, label: string) => Number((await figure(page, label).innerText()).replace(/\D/g, ''))

test('ECRI: a rule set, its candidates and revenue previewed, a lease unticked, then the tenant-rate upload', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const name = `Journey ECRI ${Date.now()}`
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/ecri`)
  await expect(page.getByRole('heading', { level: 1, name: 'ECRI Planner' })).toBeVisible()

  await page.getByRole('link', { name: 'Rule sets' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'ECRI rule sets' })).toBeVisible()
  await page.getByRole('link', { name: 'New Rule Set' }).click()
  await page.getByLabel('Name').fill(name)
  await page.getByRole('textbox', { name: 'Minimum tenure (months)' }).fill('6')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Rule set saved.')).toBeVisible()
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible()

  await page.goto(`${ADMIN_URL}/ecri`)
  // The kept rent roll (decision 030): refreshed from the system on request, its age stated.
  const rentRoll = page.getByRole('status').filter({ hasText: /^(Rent roll|Refreshing the rent roll)/ })
  await expect(rentRoll).toBeVisible()
  await page.getByRole('button', { name: 'Refresh rent roll' }).click()
  await expect(page.getByText('Refreshing the rent roll.')).toBeVisible()
  await expect(rentRoll).toHaveText(
    /^Rent roll: [1-9][\d,]* leases at [1-9][\d,]* facilities, fetched \d\d\/\d\d\/\d{4} .*; refreshed nightly\.$/,
    { timeout: 90_000 },
  )
  await choose(page, 'Rule set', name)
  await page.getByRole('button', { name: 'Compute candidates' }).click()
  await expect(page.getByRole('region', { name: 'Leases' })).toBeVisible({ timeout: 90_000 })
  await expect(page).toHaveURL(/[?&]run=\d+/)
  const leases = await number(page, 'Leases')
  const eligible = await number(page, 'Eligible')
  const chosen = await number(page, 'Chosen')
  expect(leases).toBeGreaterThan(1000)
  expect(eligible).toBeGreaterThan(0)
  expect(chosen).toBe(eligible)
  await expect(figure(page, 'Annualised change')).toHaveText(/^\$[\d,]+\.\d\d$/)
  await expect(page.getByText(/; inputs: the rent roll fetched \d\d\/\d\d\/\d{4} /)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Tenants by increase' }).getByText('Under 3 %')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Left out' }).getByText(/^Tenure too short: [\d,]+$/)).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'ecri-preview', { fullPage: false })

  // The largest increases first; a left-out lease says why.
  await choose(page, 'Show', 'Eligible')
  await choose(page, 'Sort by', 'Increase ($)')
  await expect(page).toHaveURL(/status=eligible/)
  const leasesTable = page.getByRole('table', { name: 'Leases' })
  const first = leasesTable.getByRole('row').nth(1)
  await expect(first.getByRole('checkbox')).toBeChecked()
  await first.getByRole('checkbox').uncheck()
  await expect(figure(page, 'Chosen')).toHaveText(String(chosen - 1).replace(/\B(?=(\d{3})+(?!\d))/g, ','))
  await choose(page, 'Show', 'Left out')
  const reasons = new RegExp(`^(${Object.values(ECRI_EXCLUSION_LABELS).join('|')}):$`)
  await expect(leasesTable.getByText(reasons).first()).toBeVisible()
  await screenshotBoth(page, 'ecri-leases', { fullPage: false })

  await page.getByRole('button', { name: 'Create tenant-rate upload' }).click()
  await expect(page.getByText(/^Tenant-rate upload created: [\d,]+ changes pending\.$/)).toBeVisible({
    timeout: 60_000,
  })
  await expect(page).toHaveURL(`${ADMIN_URL}/tenant-rate-upload`)
  await expect(page.getByLabel(/^Received: /)).toHaveText(String(chosen - 1).replace(/\B(?=(\d{3})+(?!\d))/g, ','))
  await expect(page.getByLabel(/^Errors: /)).toHaveText('0')
  await expectAccessible(page)
  await screenshotBoth(page, 'ecri-upload', { fullPage: false })
  await page.getByRole('button', { name: 'DISCARD' }).click()
})
