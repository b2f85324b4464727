import { expect, test } from '@playwright/test'
import type { RecordsPage } from '@storageops/contracts/list-query'
import type { LocationRecord } from '@storageops/contracts/locations'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

const FLAG_COLUMNS = ['ACH', 'Coming Soon', 'SBOA', 'SBOA Brochure']

test('a superadmin sees every column, the actions and the links to the location pages', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/locations`)
  const table = page.getByRole('table', { name: 'Locations' })
  await expect(table.getByRole('row')).toHaveCount(26, { timeout: 45_000 })
  await page.getByLabel('Search locations').fill('TX100')
  await expect(table.getByRole('row')).toHaveCount(2)
  for (const column of [...FLAG_COLUMNS, 'Pages', 'Actions'])
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
  const row = table.getByRole('row', { name: /TX100/ })
  await expect(row.getByRole('button', { name: 'Edit TX100' })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Delete TX100' })).toBeVisible()
  await expect(row.getByRole('link', { name: 'CMS edit TX100' })).toHaveAttribute('href', '/locations/TX100/cms_edit')
  await expect(row.getByRole('link', { name: 'Map edit TX100' })).toHaveAttribute('href', '/locations/TX100/map_edit')
  await expect(row.getByRole('link', { name: 'Unit types TX100' })).toHaveAttribute(
    'href',
    '/locations/TX100/unit_types',
  )
  await expect(page.getByRole('link', { name: 'Bulk Edit' })).toHaveAttribute('href', '/locations_bulk_edit')
  await page.getByLabel('Search locations').fill('Austin')
  // The previous page stays on screen, faded, while the next loads: scan the answered one.
  await expect(page.getByText(/ locations? found for “Austin”$/)).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'locations-table-superadmin')
})

test('search, sort and page come from the server and stay in the URL across a reload', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/locations`)
  const table = page.getByRole('table', { name: 'Locations' })
  await expect(table.getByRole('row')).toHaveCount(26, { timeout: 45_000 })
  const all = (await adminApi<LocationRecord[]>(page, 'GET', '/api/locations?role=admin')).body
  await expect(page.getByText(`${all.length} locations`, { exact: true })).toBeVisible()

  const [firstOfPage2] = (
    await adminApi<RecordsPage<LocationRecord>>(
      page,
      'GET',
      '/api/locations?role=admin&sort=city&order=desc&limit=1&offset=25',
    )
  ).body.rows
  await table.getByRole('button', { name: 'City', exact: true }).click()
  await expect(page).toHaveURL(/\/locations\?sort=city$/)
  await expect(table.getByRole('columnheader', { name: 'City' })).toHaveAttribute('aria-sort', 'ascending')
  await table.getByRole('button', { name: 'City', exact: true }).click()
  await expect(page).toHaveURL(/\/locations\?sort=city&order=desc$/)
  await expect(table.getByRole('columnheader', { name: 'City' })).toHaveAttribute('aria-sort', 'descending')
  await page.getByRole('button', { name: '2', exact: true }).click()
  await expect(page).toHaveURL(/\/locations\?sort=city&order=desc&page=2$/)
  await expect(table.getByRole('row').nth(1)).toContainText(firstOfPage2!.location_code)

  await page.reload()
  await expect(table.getByRole('row').nth(1)).toContainText(firstOfPage2!.location_code, { timeout: 20_000 })
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')

  // A search starts again at page 1 and counts only its matches; the sort stays.
  await page.getByLabel('Search locations').fill('Austin')
  await expect(page).toHaveURL(/\/locations\?sort=city&order=desc&q=Austin$/)
  const austin = (
    await adminApi<RecordsPage<LocationRecord>>(page, 'GET', '/api/locations?role=admin&q=Austin&limit=1')
  ).body.count
  await expect(page.getByText(`${austin} locations found for “Austin”`)).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(Math.min(austin, 25) + 1)
})

test('create, view, edit with a payment key, and delete a location', async ({ page }) => {
  test.setTimeout(90_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/locations`)
  await page.getByLabel('Search locations').fill('E2E1')
  await expect(page.getByText('No location matches the search.')).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Create Location' }).click()
  const create = page.getByRole('dialog', { name: 'Create Location' })
  await expect(create.getByRole('group', { name: 'Identity' })).toBeVisible()
  for (const group of ['Contact', 'Website', 'Kiosk', 'Payments', 'Flags'])
    await expect(create.getByRole('group', { name: group })).toBeVisible()
  await expect(create.getByLabel('Strike-through rate')).toHaveValue('0%')
  await expect(create.getByLabel('$2 CC Processing Fee')).not.toBeChecked()
  await expect(create.getByLabel('SBOA Brochure')).toBeDisabled()
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByRole('alert')).toHaveText('Name is required.')

  await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbor Point Lakeside')
  await create.getByLabel('Location code').fill('E2E1')
  await create.getByLabel('Slug').fill('harbor-point-lakeside')
  await create.getByLabel('Address').fill('12 Lakeside Dr')
  await create.getByLabel('City').fill('Austin')
  await create.getByLabel('State').fill('TX')
  await create.getByLabel('Zip').fill('78701')
  await create.getByLabel('Latitude').fill('30.2672')
  await create.getByLabel('Longitude').fill('-97.7431')
  await create.getByLabel('Facility image location').fill('   lakeside-front.jpg   ')
  await create.getByLabel('Reservation window').fill('25')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByRole('alert')).toHaveText('Reservation window must be a whole number from 1 to 21.')
  await create.getByLabel('Reservation window').fill('14')
  await create.getByLabel('Strike-through rate').fill('15')
  await create.getByLabel('SBOA', { exact: true }).check({ force: true })
  await expect(create.getByLabel('SBOA Brochure')).toBeEnabled()
  await create.getByLabel('SBOA Brochure').fill('lakeside-sboa.pdf')
  await create.getByLabel('XWeb auth key', { exact: true }).fill('LAKESIDE-WEB-KEY-4321')
  await expectAccessible(page)
  await screenshotBoth(page, 'locations-create-modal')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Location created successfully')).toBeVisible()

  const row = page.getByRole('table', { name: 'Locations' }).getByRole('row', { name: /E2E1/ })
  await expect(row).toContainText('14 days')
  await row.getByRole('button', { name: 'View E2E1' }).click()
  const view = page.getByRole('dialog', { name: 'Harbor Point Lakeside (E2E1)' })
  await expect(view).toContainText('lakeside-front.jpg')
  await expect(view).toContainText('15%')
  await expect(view).toContainText('••••4321')
  await expect(view).not.toContainText('LAKESIDE-WEB-KEY')
  await view.getByRole('button', { name: 'Fetch reviews' }).click()
  await expect(page.getByText('Review fetch requested for E2E1.')).toBeVisible()
  await screenshotBoth(page, 'locations-view-modal')
  await view.getByRole('button', { name: 'Close' }).click()

  await row.getByRole('button', { name: 'Edit E2E1' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Location E2E1' })
  await expect(edit.getByLabel('XWeb auth key', { exact: true })).toHaveValue('')
  await expect(edit.getByLabel('XWeb auth key', { exact: true })).toHaveAttribute('placeholder', 'Saved: ••••4321')
  await edit.getByLabel('SBOA', { exact: true }).uncheck({ force: true })
  await expect(edit.getByLabel('SBOA Brochure')).toBeDisabled()
  await expect(edit.getByLabel('SBOA Brochure')).toHaveValue('')
  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbor Point Lakeside North')
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Location updated successfully')).toBeVisible()
  const saved = (await adminApi<LocationRecord[]>(page, 'GET', '/api/locations?role=admin')).body.find(
    (location) => location.location_code === 'E2E1',
  )!
  expect(saved).toMatchObject({
    name: 'Harbor Point Lakeside North',
    sboa: false,
    sboa_brochure: null,
    xwebauthkey: '••••4321',
    photo: 'lakeside-front.jpg',
    strike_through_rate: 15,
  })

  await row.getByRole('button', { name: 'Delete E2E1' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete location' })
  await expect(confirm).toContainText('Are you sure you want to delete this location?')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Location deleted successfully')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Locations' }).getByRole('row', { name: /E2E1/ })).toHaveCount(0)
})

test('a content editor can view but not edit or delete', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/locations`)
  await page.getByLabel('Search locations').fill('TX100')
  const row = page.getByRole('table', { name: 'Locations' }).getByRole('row', { name: /TX100/ })
  await expect(row.getByRole('button', { name: 'View TX100' })).toBeVisible({ timeout: 20_000 })
  await expect(row.getByRole('button', { name: 'Edit TX100' })).toHaveCount(0)
  await expect(row.getByRole('button', { name: 'Delete TX100' })).toHaveCount(0)
})

test('a customer-service role sees neither the ACH, Coming Soon, SBOA and SBOA Brochure columns nor the actions', async ({
  page,
}) => {
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  await page.goto(`${ADMIN_URL}/locations`)
  const table = page.getByRole('table', { name: 'Locations' })
  await page.getByLabel('Search locations').fill('TX10')
  // TX100 is on the first page too: wait for the searched page, not the faded one shown while it loads.
  await expect(page.getByText(/ locations? found for “TX10”$/)).toBeVisible({ timeout: 20_000 })
  await expect(table.getByRole('row', { name: /TX100/ })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Name' })).toBeVisible()
  for (const column of [...FLAG_COLUMNS, 'Actions'])
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toHaveCount(0)
  await expect(table.getByRole('button', { name: /^(View|Edit|Delete) / })).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'locations-table-cs')
})

test('an invalid edit says why, then scrolls to and focuses the first invalid field, and saves nothing', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/locations`)
  await page.getByLabel('Search locations').fill('TX100')
  await page.getByRole('button', { name: 'Edit TX100' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Location TX100' })
  await edit.getByLabel('Reservation window').fill('30')
  await edit.getByLabel('Latitude').fill('')
  let saves = 0
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/locations/')) saves++
  })
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(edit.getByRole('alert')).toHaveText('Latitude is required.')
  await expect(edit.getByLabel('Latitude')).toBeFocused()
  await expect(edit.getByLabel('Latitude')).toBeInViewport()
  await expect(edit.getByLabel('Latitude')).toHaveAttribute('aria-invalid', 'true')
  await expect(edit.getByText('Reservation window must be a whole number from 1 to 21.')).toBeVisible()
  await screenshotBoth(page, 'locations-edit-invalid')
  expect(saves).toBe(0)
})

test("the form's code is not on the list's first load: a held form shows a loading dialog, then the form", async ({
  page,
}) => {
  test.setTimeout(90_000)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  await page.route(/\/assets\/location-form-modal-[^/]+\.js$/, async (route) => {
    asked = true
    await held
    await route.continue()
  })
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/locations`)
  await expect(page.getByRole('table', { name: 'Locations' }).getByRole('row')).toHaveCount(26, { timeout: 45_000 })
  await page.getByRole('button', { name: 'Create Location' }).click()
  await expect.poll(() => asked).toBe(true)
  const loading = page.getByRole('dialog', { name: 'Loading…' })
  await expect(loading.getByRole('status', { name: 'Loading the form…' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'locations-form-loading')

  release()
  await expect(page.getByRole('dialog', { name: 'Create Location' }).getByLabel('Location code')).toBeVisible()
  await expect(loading).toHaveCount(0)
})
