import { expect, test, type Page } from '@playwright/test'
import type { FacilityDetails, Location } from '@storageops/contracts/facilities'
import type { RecordsPage } from '@storageops/contracts/list-query'
import { adminApi } from './admin-api.ts'
import {
  ADMIN_URL,
  expectAccessible,
  expectLeavePrompt,
  FIELD_URL,
  screenshotBoth,
  signInAdmin,
  signInField,
  expectUnsavedChangesDialog,
} from './fixtures.ts'

const SECTIONS = [
  'Location Information',
  'Gate Access',
  'Unique Details',
  'Wayfinding',
  'Property Information',
  'Unit Amenities',
  'Billing and Insurance',
]
// A tiny valid PNG (1×1, blue).
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC',
  'base64',
)

async function details(page: Page, code: string) {
  const response = await adminApi<FacilityDetails>(page, 'GET', `/api/snapshot_locations?location_code=${code}`)
  return response.body
}

// FIXME(issue 30): the paged snapshot list fails axe (aria-prohibited-attr on a Mantine element) in the clean-clone
// run of 2026-11-29; the list itself works. Fix the attribute, then run this again.
test('the snapshot list filters facilities and opens the editor with every section', async ({ page }) => {
  test.slow()
  await signInAdmin(page)
  // Journeys before this one add facilities: the count is the one of the page this list read.
  const [list] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/locations'),
    page.goto(`${ADMIN_URL}/snapshot`),
  ])
  const { count: total } = (await list.json()) as RecordsPage<Location>
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Snapshots' })).toBeVisible()
  await expect(page.getByText(`${total} facilities`, { exact: true })).toBeVisible()
  const rows = page.getByRole('table', { name: 'Facility snapshots' }).locator('tbody tr')
  await expect(rows).toHaveCount(25)

  const table = page.getByRole('table', { name: 'Facility snapshots' })
  // Each click waits for the header to show the last one's sort: a click on a table still redrawing can be lost.
  const address = table.getByRole('columnheader', { name: 'Address' })
  await address.getByRole('button').click()
  await expect(address).toHaveAttribute('aria-sort', 'ascending')
  await address.getByRole('button').click()
  await expect(address).toHaveAttribute('aria-sort', 'descending')
  await page.getByRole('button', { name: '3', exact: true }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/snapshot?sort=address&order=desc&page=3`)
  const [third] = (
    await adminApi<RecordsPage<Location>>(page, 'GET', '/api/locations?sort=address&order=desc&offset=50')
  ).body.rows
  await expect(rows.first()).toContainText(third!.address)
  await page.reload()
  await expect(rows.first()).toContainText(third!.address)
  await expect(table.getByRole('columnheader', { name: 'Address' })).toHaveAttribute('aria-sort', 'descending')
  await table.getByRole('button', { name: 'Address', exact: true }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/snapshot`)

  await page.getByRole('searchbox', { name: 'Search facilities' }).fill('houston')
  // The demo seed has two facilities in Houston; no journey adds one.
  await expect(page.getByText('2 facilities found for “houston”', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/snapshot?q=houston`)
  await expect(rows).toHaveCount(2)
  await expect(rows.getByRole('link')).toHaveText(['Houston East #102', 'Houston Plaza #226'])
  await page.getByRole('searchbox', { name: 'Search facilities' }).fill('tx226')
  await expect(rows.getByRole('link')).toHaveText(['Houston Plaza #226'])
  await page.getByRole('searchbox', { name: 'Search facilities' }).fill('houston')
  // axe reads the searched page, not the previous one fading out while it loads.
  await expect(rows.getByRole('link')).toHaveText(['Houston East #102', 'Houston Plaza #226'])
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-snapshot-list')

  await page.getByRole('link', { name: 'Houston East #102' }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/snapshot/houston-tx-102`)
  await expect(page.getByRole('heading', { level: 1, name: 'Houston East #102' })).toBeVisible()
  for (const section of SECTIONS)
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible()
  await expect(page.getByLabel('Facility Alerts')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Back To Main Page' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Time Zone' })).toHaveValue('CST (-06:00)')
  const saved = await details(page, 'TX102')
  await expect(page.getByRole('combobox', { name: 'Kiosk' })).toHaveValue(saved.kiosk ? 'Yes' : 'No')
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(saved.facility_address)
  await page.getByRole('combobox', { name: 'Time Zone' }).click()
  await expect(page.getByRole('option', { name: 'EST (-05:00)' })).toBeVisible()
  await expect(page.getByRole('option', { name: 'HST (-10:00)' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-snapshot-edit')
})

test("a saved snapshot shows the server's message and is what the field tool shows", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/snapshot/houston-tx-102`)
  await page.getByLabel('Facility Alerts').fill('Keypad at the east gate is out; use the west gate.')
  await page.getByRole('combobox', { name: 'Kiosk' }).click()
  await page.getByRole('option', { name: 'No' }).click()
  await page.getByRole('combobox', { name: 'Time Zone' }).click()
  await page.getByRole('option', { name: 'EST (-05:00)' }).click()
  await page.getByRole('textbox', { name: 'Lien Fee' }).fill('$55')
  await expect(page.getByText('Unsaved changes')).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Snapshot of Houston East #102 saved.')).toBeVisible()
  await expect(page.getByText('Unsaved changes')).toHaveCount(0)
  // Saved: leaving asks nothing.
  await page.getByRole('banner').getByRole('link', { name: 'Back To Main Page' }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/`)

  await signInField(page)
  await page.goto(`${FIELD_URL}/houston-tx-102`)
  await expect(page.getByText('Keypad at the east gate is out; use the west gate.')).toBeVisible()
  const gate = page.getByRole('region', { name: 'Gate Access' })
  await expect(gate.locator('dt', { hasText: /^Kiosk$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('No')
  const location = page.getByRole('region', { name: 'Location Information' })
  await expect(location.locator('dt', { hasText: /^Time Zone$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    'EST (-05:00)',
  )
})

test('invalid fields say why by their labels, never their keys, the first is focused, and nothing is saved', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/snapshot/san-antonio-tx-103`)
  const before = await details(page, 'TX103')
  await page.getByRole('textbox', { name: 'Zip' }).fill('782')
  await page.getByRole('textbox', { name: 'Temp Code' }).fill('123')
  await page.getByRole('textbox', { name: 'Lien Fee' }).fill('$99')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Zip must be five digits (or ZIP+4).', { exact: true })).toBeVisible()
  await expect(page.getByText(/^Temp Code must be 4 to 10 digits/)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Zip' })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('textbox', { name: 'Zip' })).toBeFocused()
  await expect(page.getByText(/\b(zip|temp_code): /)).toHaveCount(0)
  await expect(page.getByText('Unsaved changes')).toBeVisible()
  expect((await details(page, 'TX103')).lien_fee).toBe(before.lien_fee)
})

test('leaving with unsaved edits warns first, in the app and on tab close', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/snapshot/houston-tx-102`)
  await page.getByRole('textbox', { name: 'Nickname' }).fill('Bayou yard')

  const dialog = await expectUnsavedChangesDialog(
    page,
    page.getByRole('banner').getByRole('link', { name: 'Back To Main Page' }),
    '1 field changed, not saved yet.',
  )
  await screenshotBoth(page, 'admin-snapshot-unsaved')
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/snapshot/houston-tx-102`)
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Bayou yard')

  // Reloading (like closing the tab) asks the browser's leave-page question; dismissing it stays.
  await expectLeavePrompt(page, () => page.reload())
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Bayou yard')

  // Closing the tab asks the same question; dismissing it keeps the tab and the edit.
  await expectLeavePrompt(page, () => page.close({ runBeforeUnload: true }))
  expect(page.isClosed()).toBe(false)
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Bayou yard')

  await page.getByRole('banner').getByRole('link', { name: 'Back To Main Page' }).click()
  await page
    .getByRole('dialog', { name: 'Unsaved changes' })
    .getByRole('button', { name: 'Leave without saving' })
    .click()
  await expect(page).toHaveURL(`${ADMIN_URL}/`)
  expect((await details(page, 'TX102')).nickname).not.toBe('Bayou yard')
})

test('a property map image uploads with the save and replaces the shown map', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/snapshot/san-antonio-tx-103`)
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'site-plan.png', mimeType: 'image/png', buffer: PNG_1PX })
  await expect(page.getByRole('img', { name: 'Property map of San Antonio West #103 (not saved yet)' })).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Snapshot of San Antonio West #103 saved.')).toBeVisible()
  const saved = await details(page, 'TX103')
  expect(saved.property_map).toMatch(/^property-map-tx103-.+\.png$/)
  await expect(page.getByRole('img', { name: 'Property map of San Antonio West #103' })).toHaveAttribute(
    'src',
    `/img/${saved.property_map}`,
  )
})

test("an unknown facility shows the server's answer and returns to the list", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/snapshot/no-such-facility`)
  await expect(page).toHaveURL(`${ADMIN_URL}/snapshot`)
  await expect(page.getByText('No facility with the address /snapshot/no-such-facility.')).toBeVisible()
})

test('a role without /snapshot gets Permission required', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/snapshot/houston-tx-102`)
  await expect(page.getByText("Permission required! You're not authorized for this page.")).toBeVisible()
})

test('a facility created in the admin console is in the field tool at once, noted as not filled in until its snapshot is saved', async ({
  page,
}) => {
  const code = `NV${Date.now().toString(36).toUpperCase()}`
  const slug = `reno-desert-${code.toLowerCase()}`
  const name = `Reno Desert #${code}`
  await signInAdmin(page)
  const created = await adminApi(page, 'POST', '/api/locations', {
    name,
    location_code: code,
    slug,
    address: '900 Desert Way',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
    lat: 39.53,
    long: -119.81,
    phone: '(775) 555-0100',
  })
  expect(created.status).toBe(201)

  await page.goto(`${ADMIN_URL}/snapshot/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('the field tool shows them once you save this form')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('900 Desert Way')
  await expect(page.getByRole('combobox', { name: 'Time Zone' })).toHaveValue('PST (-08:00)')
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-snapshot-edit-not-filled-in')

  await signInField(page)
  await page.goto(`${FIELD_URL}/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Details not filled in yet')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Gate Access' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Create New Task' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-facility-not-filled-in')

  await page.goto(`${ADMIN_URL}/snapshot/${slug}`)
  await page.getByRole('textbox', { name: 'Access Hours' }).fill('6:00 AM - 10:00 PM')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Snapshot of ${name} saved.`).first()).toBeVisible()
  await expect(page.getByText('the field tool shows them once you save this form')).toHaveCount(0)
  await page.goto(`${FIELD_URL}/${slug}`)
  await expect(page.getByRole('region', { name: 'Gate Access' })).toContainText('6:00 AM - 10:00 PM')
  await expect(page.getByText('Details not filled in yet')).toHaveCount(0)
})

// FIXME(issue 34 item 9): in the clean-clone run of 2026-11-29 Save on a new facility's empty snapshot left
// "Unsaved changes" and no toast (a new facility's empty details and the paged list landed together). Find why, then
// run this again.
test('Hide in Snapshot, set in the editor, leaves the facility out of the field Dashboard until cleared (issue 34)', async ({
  page,
}) => {
  test.slow()
  const code = `NV${Date.now().toString(36).toUpperCase()}`
  const slug = `reno-hidden-${code.toLowerCase()}`
  const name = `Reno Hidden #${code}`
  await signInAdmin(page)
  const created = await adminApi(page, 'POST', '/api/locations', {
    name,
    location_code: code,
    slug,
    address: '901 Desert Way',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
    lat: 39.53,
    long: -119.81,
  })
  expect(created.status).toBe(201)
  const setHidden = async (hidden: boolean) => {
    await page.goto(`${ADMIN_URL}/snapshot/${slug}`)
    const flag = page.getByRole('checkbox', { name: 'Hide in Snapshot' })
    await expect(flag).toBeChecked({ checked: !hidden })
    await flag.setChecked(hidden)
    await page.getByRole('button', { name: 'Save' }).click()
    if (hidden) {
      // A new facility's details lack what the form requires: the save names it and keeps the edit.
      await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toBeFocused()
      await expect(page.getByText('Access Hours is required.')).toBeVisible()
      await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible()
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(775) 555-0100')
      await page.getByRole('textbox', { name: 'Access Hours' }).fill('6am - 10pm')
      await page.getByRole('button', { name: 'Save' }).click()
    }
    await expect(page.getByText(`Snapshot of ${name} saved.`).first()).toBeVisible()
    expect((await details(page, code)).hide_in_snapshot).toBe(hidden)
  }
  const dashboardRow = async () => {
    await page.getByRole('searchbox', { name: 'Search the facility table' }).fill(code)
    return page.getByRole('table', { name: 'Facilities' }).getByRole('row').filter({ hasText: name })
  }

  await setHidden(true)
  await expect(page.getByRole('checkbox', { name: 'Hide in Snapshot' })).toBeChecked()
  await expect(page.getByText('Leaves this facility out of the field tool’s Dashboard.')).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-snapshot-edit-hidden')

  await signInField(page)
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  await expect(page.getByRole('table', { name: 'Facilities' }).getByRole('row').nth(1)).toBeVisible()
  await expect(await dashboardRow()).toHaveCount(0)

  await setHidden(false)
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  await expect(await dashboardRow()).toHaveCount(1)
})
