import { expect, test, type Page } from '@playwright/test'
import { findNearbyFacilities, formatMiles } from '@storageops/contracts/distance'
import type { Location } from '@storageops/contracts/facilities'
import { fieldApiGet } from './field-api.ts'
import { expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

async function fetchLocations(page: Page): Promise<Location[]> {
  return (await fieldApiGet<Location[]>(page, '/api/locations')).body
}

test('Nearby Facilities lists the closest facilities under 10 miles with distances in miles', async ({ page }) => {
  await signInField(page)
  const locations = await fetchLocations(page)
  // A facility with neighbours: the demo data places several facilities in some cities.
  const origin = locations.find((location) => findNearbyFacilities(location, locations).length >= 2)!
  const expected = findNearbyFacilities(origin, locations)

  await page.goto(`${FIELD_URL}/${origin.slug}`)
  await page.getByRole('button', { name: 'Nearby Facilities' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nearby Facilities' })
  const items = dialog.getByRole('listitem')
  await expect(items).toHaveCount(expected.length)
  for (const [index, facility] of expected.entries()) {
    const item = items.nth(index)
    await expect(item.getByRole('link', { name: facility.name })).toHaveAttribute('href', `/${facility.slug}`)
    await expect(item).toContainText(formatMiles(facility.distance))
    // As rendered, so a CSS text transform (e.g. 'MI') would fail it.
    expect(await item.innerText()).toMatch(new RegExp(`${formatMiles(facility.distance).replace('.', '\\.')}$`))
  }
  await expectAccessible(page)
  await screenshotBoth(page, 'field-nearby-modal')

  const first = expected[0]!
  await items.first().getByRole('link', { name: first.name }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(`${FIELD_URL}/${first.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible()
})

test('a facility with no neighbours within 10 miles says so', async ({ page }) => {
  await signInField(page)
  const locations = await fetchLocations(page)
  const lonely = locations.find((location) => findNearbyFacilities(location, locations).length === 0)!

  await page.goto(`${FIELD_URL}/${lonely.slug}`)
  await page.getByRole('button', { name: 'Nearby Facilities' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nearby Facilities' })
  await expect(dialog.getByText('No facilities within 10 miles')).toBeVisible()
  await screenshotBoth(page, 'field-nearby-modal-empty')
})
