import { expect, test } from '@playwright/test'
import type { BulkEditRow } from '@storageops/contracts/locations'
import { adminApi } from './admin-api.ts'
import {
  ADMIN_URL,
  expectAccessible,
  expectLeavePrompt,
  screenshotBoth,
  signInAdmin,
  expectUnsavedChangesDialog,
} from './fixtures.ts'

test("bulk edit changes checkbox, number and text columns and 'Update All Pages' saves them all ('Saved!')", async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/locations`)
  await page.getByRole('link', { name: 'Bulk Edit' }).click()
  await expect(page).toHaveURL(/\/locations_bulk_edit$/)
  await expect(page.getByRole('heading', { name: 'Location Bulk Edit' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Location Bulk Edit' })
  for (const column of [
    'Reservation Window',
    'Unit Size High To Low',
    'Reverse Group Order',
    'Recommended Unit',
    'Unit Groups Expanded',
    'Fee For 24hr Access',
    'Title',
    'Meta Title',
    'Meta Description',
    'Access Hours',
    'Customer Service Hours',
  ]) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible({ timeout: 20_000 })
  }
  await expect(page.getByText(/^\d{3} locations$/)).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(26)
  await page.getByRole('button', { name: '2', exact: true }).click()
  await expect(page).toHaveURL(/\/locations_bulk_edit\?page=2$/)
  await expect(table.getByRole('row')).toHaveCount(26)
  // Narrowing the view keeps every row's edits.
  await page.getByLabel('Search locations').fill('TX10')
  await expect(table.getByRole('row')).toHaveCount(11)
  await table.getByLabel('Reservation window TX101').fill('12')
  await table.getByLabel('Reverse Group Order TX101').check()
  await table.getByLabel('Fee For 24hr Access TX102').check()
  await table.getByLabel('Title TX101', { exact: true }).fill('Storage near downtown')
  await table.getByLabel('Customer Service Hours TX102').fill('Mon-Sat 9-6')

  await table.getByLabel('Reservation window TX103').fill('30')
  await page.getByRole('button', { name: 'Update All Pages' }).click()
  await expect(page.getByRole('alert')).toContainText('Reservation window must be a whole number from 1 to 21.')
  await table.getByLabel('Reservation window TX103').fill('21')
  await expectAccessible(page)
  await screenshotBoth(page, 'locations-bulk-edit')
  await page.getByRole('button', { name: 'Update All Pages' }).click()
  await expect(page.getByText('Saved!')).toBeVisible()

  const rows = (await adminApi<BulkEditRow[]>(page, 'GET', '/api/locations_bulk_edit')).body
  expect(rows.find((row) => row.location_code === 'TX101')).toMatchObject({
    reservation_window: 12,
    unit_group_large_to_small: true,
    title: 'Storage near downtown',
  })
  expect(rows.find((row) => row.location_code === 'TX102')).toMatchObject({
    fee_for_24hr_access: true,
    customer_service_hours: 'Mon-Sat 9-6',
  })
  expect(rows.find((row) => row.location_code === 'TX103')).toMatchObject({ reservation_window: 21 })
  await page.reload()
  await page.getByLabel('Search locations').fill('TX101')
  await expect(
    page.getByRole('table', { name: 'Location Bulk Edit' }).getByLabel('Title TX101', { exact: true }),
  ).toHaveValue('Storage near downtown', { timeout: 20_000 })
})

test('leaving bulk edit with unsaved rows asks first, says how many locations changed, and saves nothing', async ({
  page,
}) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/locations_bulk_edit`)
  const table = page.getByRole('table', { name: 'Location Bulk Edit' })
  await expect(page.getByText(/^\d{3} locations$/)).toBeVisible({ timeout: 20_000 })
  await page.getByLabel('Search locations').fill('TX10')
  const title = table.getByLabel('Title TX104', { exact: true })
  const savedTitle = await title.inputValue({ timeout: 20_000 })
  await title.fill('Unsaved title')
  await table.getByLabel('Recommended Unit TX105').click()
  // Typed back to the saved value: no longer a change.
  const hours = table.getByLabel('Customer Service Hours TX106')
  const savedHours = await hours.inputValue()
  await hours.fill('x')
  await hours.fill(savedHours)
  await expect(page.getByText('2 locations changed, not saved yet.')).toBeVisible()

  const dialog = await expectUnsavedChangesDialog(
    page,
    page.getByRole('link', { name: 'Locations', exact: true }).first(),
    '2 locations changed, not saved yet.',
  )
  await screenshotBoth(page, 'locations-bulk-edit-unsaved')
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(/\/locations_bulk_edit\?q=TX10$/)
  await expect(title).toHaveValue('Unsaved title')

  await expectLeavePrompt(page, () => page.reload())
  await expect(title).toHaveValue('Unsaved title')

  await page.getByRole('link', { name: 'Locations', exact: true }).first().click()
  await dialog.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).toHaveURL(/\/locations$/)
  const rows = (await adminApi<BulkEditRow[]>(page, 'GET', '/api/locations_bulk_edit')).body
  expect(rows.find((row) => row.location_code === 'TX104')?.title).toBe(savedTitle)
})
