import { expect, test, type Page } from '@playwright/test'
import type { FacilityDetails } from '@storageops/contracts/facilities'
import { fieldApiGet } from './field-api.ts'
import { expectAccessible, expectNoSidewaysScroll, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

const SECTIONS = [
  'Location Information',
  'Gate Access',
  'Unique Details',
  'Wayfinding',
  'Property Information',
  'Unit Amenities',
  'Billing and Insurance',
]

/** The value shown next to a label inside a section. */
const valueOf = (page: Page, section: string, label: string) =>
  page
    .getByRole('region', { name: section })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')

async function fetchDetails(page: Page, locationCode: string) {
  const response = await fieldApiGet<FacilityDetails>(page, `/api/snapshot_locations?location_code=${locationCode}`)
  expect(response.status).toBe(200)
  return response.body
}

test.beforeEach(async ({ page }) => {
  await signInField(page)
})

test('a facility page shows every section with its values, booleans as Yes or No', async ({ page }) => {
  await page.getByRole('link', { name: /^Albany Station #209 \|/ }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/albany-ny-209`)
  await expect(page.getByRole('heading', { level: 1, name: 'Albany Station #209' })).toBeVisible()
  await expect(page.getByText('NY209', { exact: true })).toBeVisible()
  for (const section of SECTIONS)
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible()

  const details = await fetchDetails(page, 'NY209')
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
  const shown = (value: string | null) => value ?? '—'
  await expect(valueOf(page, 'Location Information', 'Address')).toHaveText(details.facility_address)
  await expect(valueOf(page, 'Location Information', 'Unit Count')).toHaveText(String(details.unit_count))
  await expect(valueOf(page, 'Location Information', 'Time Zone')).toHaveText('EST (-05:00)')
  await expect(valueOf(page, 'Location Information', 'Phone').getByRole('link')).toHaveAttribute(
    'href',
    /^tel:\+1\d{10}$/,
  )
  const [year, month, day] = details.date_of_acquisition!.split('-')
  await expect(valueOf(page, 'Location Information', 'Date of Acquisition')).toHaveText(`${month}/${day}/${year}`)
  await expect(valueOf(page, 'Location Information', 'Nickname')).toHaveText(shown(details.nickname))
  await expect(valueOf(page, 'Gate Access', 'Kiosk')).toHaveText(yesNo(details.kiosk))
  await expect(valueOf(page, 'Gate Access', 'Auction Winner')).toHaveText(shown(details.auction_winner))
  await expect(valueOf(page, 'Gate Access', 'Emergency Code')).toHaveText(shown(details.emergency_code))
  await expect(page.getByRole('region', { name: 'Unique Details' })).toContainText(shown(details.unique_details))
  await expect(valueOf(page, 'Property Information', 'Truck Access')).toHaveText(yesNo(details.truck_access))
  await expect(valueOf(page, 'Unit Amenities', 'RV Parking')).toHaveText(shown(details.rv_ranking))
  await expect(valueOf(page, 'Unit Amenities', 'Climate Controlled Units')).toHaveText(
    yesNo(details.climate_controlled_units),
  )
  await expect(valueOf(page, 'Unit Amenities', 'Climate Controlled Type')).toHaveText(
    shown(details.climate_controlled_type),
  )
  await expect(valueOf(page, 'Billing and Insurance', 'Parking Tax')).toHaveText(yesNo(details.parking_tax))
  await expect(valueOf(page, 'Billing and Insurance', 'Lien Fee')).toHaveText(shown(details.lien_fee))
  // Both Yes and No appear somewhere on the page.
  await expect(page.locator('dd', { hasText: /^Yes$/ }).first()).toBeVisible()
  await expect(page.locator('dd', { hasText: /^No$/ }).first()).toBeVisible()

  await expectAccessible(page)
  await screenshotBoth(page, 'field-detail')
})

test('Wayfinding links to Google Maps, the property map, the interactive map and the website', async ({ page }) => {
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  const wayfinding = page.getByRole('region', { name: 'Wayfinding' })
  const google = wayfinding.getByRole('link', { name: /Google Map/ })
  await expect(google).toHaveAttribute('href', /google\.com\/maps.*zoom=22.*basemap=satellite/)
  await expect(google).toHaveAttribute('target', '_blank')
  await expect(wayfinding.getByRole('link', { name: /Property Map/ })).toHaveAttribute(
    'href',
    '/img/ny209-property-map.svg',
  )
  const imageType = await page.evaluate(async () =>
    (await fetch('/img/ny209-property-map.svg')).headers.get('content-type'),
  )
  expect(imageType).toContain('image/svg')
  await expect(wayfinding.getByRole('link', { name: /Website/ })).toHaveAttribute('href', /albany-ny-209/)
  await wayfinding.getByRole('link', { name: 'Interactive Map' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/albany-ny-209/map`)
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Map' })).toBeVisible()
})

test('View Tasks and Create New Task lead to the facility task screens', async ({ page }) => {
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  await expect(page.getByRole('link', { name: 'View Tasks' })).toHaveAttribute('href', '/snapshot/facility-tasks/NY209')
  await expect(page.getByRole('link', { name: 'Create New Task' })).toHaveAttribute('href', '/snapshot/new-task/NY209')
})

test('a facility alert shows with an alert icon', async ({ page }) => {
  await page.goto(`${FIELD_URL}/chandler-az-114`)
  const details = await fetchDetails(page, 'AZ114')
  expect(details.facility_alerts).toBeTruthy()
  const alert = page.getByRole('alert').filter({ hasText: details.facility_alerts! })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('img', { name: 'Alert' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-detail-alert')
})

test('a facility without an alert shows none', async ({ page }) => {
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  await expect(page.getByRole('heading', { level: 2, name: 'Gate Access' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('on a phone Gate Access comes first, then Location Information, and a row of links jumps to each section', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  const headings = page.getByRole('main').getByRole('heading', { level: 2 })
  await expect(headings.first()).toHaveText('Gate Access')
  await expect(headings.nth(1)).toHaveText('Location Information')
  const jumps = page.getByRole('navigation', { name: 'Jump to section' }).getByRole('link')
  await expect(jumps).toHaveText([
    'Gate Access',
    'Location Information',
    'Unique Details',
    'Wayfinding',
    'Property Information',
    'Unit Amenities',
    'Billing and Insurance',
  ])
  await jumps.filter({ hasText: 'Billing and Insurance' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Billing and Insurance' })).toBeInViewport()
  await expectNoSidewaysScroll(page)
  await expectAccessible(page)
  await screenshotBoth(page, 'facility-detail-phone-order', { fullPage: false })

  // At desktop width the spec's order stays and the jump links are not needed.
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(headings.first()).toHaveText('Location Information')
  await expect(page.getByRole('navigation', { name: 'Jump to section' })).toHaveCount(0)
})
