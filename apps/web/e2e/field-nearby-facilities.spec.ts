import { expect, test } from '@playwright/test'
import { expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

// The demo seed places Mesa East #112 with four neighbours under 10 miles (the next, Chandler Station #238,
// is 11.13 mi away) and Austin North #100 with none; distances by the spec's formula (diameter 7917.6 mi).
const MESA_NEIGHBOURS = [
  { name: 'Scottsdale West #113', slug: 'scottsdale-az-113', distance: '7.07 mi' },
  { name: 'Chandler Central #114', slug: 'chandler-az-114', distance: '7.08 mi' },
  { name: 'Phoenix Downtown #234', slug: 'phoenix-az-234', distance: '9.06 mi' },
  { name: 'Scottsdale Commons #237', slug: 'scottsdale-az-237', distance: '9.57 mi' },
]

test('Nearby Facilities lists the closest facilities under 10 miles with distances in miles', async ({ page }) => {
  await signInField(page)
  await page.goto(`${FIELD_URL}/mesa-az-112`)
  await page.getByRole('button', { name: 'Nearby Facilities' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nearby Facilities' })
  const items = dialog.getByRole('listitem')
  await expect(items).toHaveCount(MESA_NEIGHBOURS.length)
  for (const [index, facility] of MESA_NEIGHBOURS.entries()) {
    const item = items.nth(index)
    await expect(item.getByRole('link', { name: facility.name })).toHaveAttribute('href', `/${facility.slug}`)
    // As rendered, so a CSS text transform (e.g. 'MI') would fail it.
    expect(await item.innerText()).toMatch(new RegExp(`${facility.distance.replace('.', '\\.')}$`))
  }
  await expectAccessible(page)
  await screenshotBoth(page, 'field-nearby-modal')

  const first = MESA_NEIGHBOURS[0]!
  await items.first().getByRole('link', { name: first.name }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(`${FIELD_URL}/${first.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible()
})

test('a facility with no neighbours within 10 miles says so', async ({ page }) => {
  await signInField(page)
  await page.goto(`${FIELD_URL}/austin-tx-100`)
  await page.getByRole('button', { name: 'Nearby Facilities' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nearby Facilities' })
  await expect(dialog.getByText('No facilities within 10 miles')).toBeVisible()
  await expect(dialog.getByRole('listitem')).toHaveCount(0)
  await screenshotBoth(page, 'field-nearby-modal-empty')
})
