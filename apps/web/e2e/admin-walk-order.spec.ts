import { expect, test, type Page } from '@playwright/test'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import type { WalkOrder } from '@storageops/contracts/walkthroughs'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

/** A facility of this journey only (two floors). */
const CODE = 'CO125'

const aisles = (page: Page) => page.getByRole('list', { name: 'Aisles in walk order' }).getByRole('listitem')
const walkOrderOf = async (page: Page) =>
  (await adminApi<WalkOrder>(page, 'GET', `/api/location_units/walk_order?location_code=${CODE}`)).body

/** Drags the pointer across the centres of `units` on the map, in order. */
async function traceAcross(page: Page, units: LocationUnit[]) {
  await page.locator('.leaflet-container').scrollIntoViewIfNeeded()
  const points = await page.evaluate((boxes) => {
    const container = document.querySelector<
      HTMLElement & { leafletMap: { latLngToContainerPoint(p: [number, number]): { x: number; y: number } } }
    >('.leaflet-container')!
    const rect = container.getBoundingClientRect()
    return boxes.map((box) => {
      const point = container.leafletMap.latLngToContainerPoint([
        -(box.top_coordinate + box.length / 2),
        box.left_coordinate + box.width / 2,
      ])
      return { x: rect.left + point.x, y: rect.top + point.y }
    })
  }, units)
  await page.mouse.move(points[0]!.x, points[0]!.y)
  await page.mouse.down()
  for (const point of points) await page.mouse.move(point.x, point.y, { steps: 4 })
  await page.mouse.up()
}

test('the map editor sets the walk order by moving and turning aisles in the list and by tracing on the map', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/locations/${CODE}/map_edit`)
  await expect(page.getByRole('heading', { level: 2, name: 'Walk order' })).toBeVisible()
  const before = await walkOrderOf(page)
  expect(before.saved).toBe(false)
  await expect(page.getByText('The default order is in use.', { exact: false })).toBeVisible()
  await expect(aisles(page).first()).toContainText('1. Floor 1 · Building A')
  await expect(aisles(page).nth(1)).toContainText('2. Floor 1 · Building B')

  await page.getByRole('button', { name: 'Move Floor 1 · Building A down' }).click()
  await expect(aisles(page).first()).toContainText('1. Floor 1 · Building B')
  await page.getByRole('button', { name: 'Walk Floor 1 · Building B the other way' }).click()
  await page.getByRole('switch', { name: 'Show walk order on the map' }).check({ force: true })
  await settled(page.getByRole('main'))
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-walk-order')
  await page.getByRole('button', { name: 'Save walk order' }).click()
  await expect(page.getByText('Walk order saved')).toBeVisible()

  const aisleB = before.unit_nos.filter((unitNo) => unitNo.startsWith('B1'))
  const aisleA = before.unit_nos.filter((unitNo) => unitNo.startsWith('A1'))
  const saved = await walkOrderOf(page)
  expect(saved.saved).toBe(true)
  expect(saved.unit_nos.slice(0, aisleB.length + aisleA.length)).toEqual([...[...aisleB].reverse(), ...aisleA])
  expect([...saved.unit_nos].sort()).toEqual([...before.unit_nos].sort())

  // Traced on the map: those units come first, in the order crossed.
  const units = (await adminApi<LocationUnit[]>(page, 'GET', `/api/location_units?location_code=${CODE}`)).body
  const crossed = ['A103', 'A102', 'A101'].map((unitNo) => units.find((unit) => unit.unit_no === unitNo)!)
  await page.getByRole('button', { name: 'Trace on map' }).click()
  await traceAcross(page, crossed)
  await page.getByRole('button', { name: 'Done tracing (3 units)' }).click()
  await page.getByRole('button', { name: 'Save walk order' }).click()
  await expect.poll(async () => (await walkOrderOf(page)).unit_nos.slice(0, 3)).toEqual(['A103', 'A102', 'A101'])

  await page.getByRole('button', { name: 'Use the default order' }).click()
  await page
    .getByRole('dialog', { name: 'Default walk order' })
    .getByRole('button', { name: 'Use the default order' })
    .click()
  await expect(page.getByText('Default walk order in use')).toBeVisible()
  expect(await walkOrderOf(page)).toEqual(before)
})
