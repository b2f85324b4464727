import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import type { Location } from '@storageops/contracts/facilities'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

const SAMPLE = path.resolve(import.meta.dirname, '../public/facility-map-sample.csv')
const CONFIRM = 'Existing units will be cleaned when uploading new CSV. Are you sure?'

type MapElement = {
  leafletMap: { once(type: 'click', handler: (event: { latlng: { lat: number; lng: number } }) => void): void }
}

/** A facility no other journey changes: the last of the list. */
async function editorFacility(page: Page) {
  const { body } = await adminApi<Location[]>(page, 'GET', '/api/locations')
  return body.at(-1)!
}
const unitsOf = async (page: Page, code: string) =>
  (await adminApi<LocationUnit[]>(page, 'GET', `/api/location_units?location_code=${code}`)).body
const mapOf = (page: Page) => page.getByRole('region', { name: /^Map of floor/ })

async function chooseFile(page: Page, name: string, content: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: content })
}

test.beforeEach(async ({ page }) => {
  await signInAdmin(page)
})

test('the editor shows floors, the map with Gate and Rental Center, and the example CSV', async ({ page }) => {
  const location = await editorFacility(page)
  await page.goto(`${ADMIN_URL}/locations/${location.location_code}/map_edit`)
  await expect(page.getByRole('heading', { level: 1, name: `Facility Map: ${location.name}` })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Floor 1' })).toBeChecked()
  await expect(mapOf(page).locator('[data-system-marker="Gate"]')).toBeVisible()
  await expect(mapOf(page).locator('[data-system-marker="Rental Center"]')).toBeVisible()
  const units = await unitsOf(page, location.location_code)
  const gate = units.find((unit) => unit.category_name === 'Gate')!
  await expect(page.getByLabel('Gate X')).toHaveValue(String(gate.left_coordinate))
  await expect(page.getByLabel('Gate Y')).toHaveValue(String(gate.top_coordinate))
  await expect(page.getByLabel('Gate size')).toHaveValue(String(gate.width))

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download example CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('facility-map-sample.csv')
  const text = fs.readFileSync(await download.path(), 'utf8')
  expect(text.split('\n')[0]).toBe(
    'unit_id,unit_no,floor_no,top_coordinate,left_coordinate,width,length,rotate,category_name,description',
  )
  await expectAccessible(page)
  await screenshotBoth(page, 'unit-maps-editor')
})

test('upload asks first, Cancel keeps the units, Upload replaces them; a bad file lists its rows and changes nothing', async ({
  page,
}) => {
  const location = await editorFacility(page)
  const code = location.location_code
  await page.goto(`${ADMIN_URL}/locations/${code}/map_edit`)
  await expect(mapOf(page)).toBeVisible()
  const before = await unitsOf(page, code)

  await chooseFile(page, 'notes.txt', Buffer.from('hello'))
  await expect(page.getByText('Only .csv files are accepted.')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await chooseFile(page, 'facility-map-sample.csv', fs.readFileSync(SAMPLE))
  const dialog = page.getByRole('dialog', { name: 'Upload CSV' })
  await expect(dialog.getByText(CONFIRM, { exact: true })).toBeVisible()
  // Issue 18: the file is checked first and the confirmation names what changes.
  const current = before.filter((unit) => !unit.system).length
  await expect(dialog).toContainText(
    `52 units on floors 1, 2 replace ${current.toLocaleString('en-US')} unit${current === 1 ? '' : 's'}; the Gate and the Rental Center stay.`,
  )
  await screenshotBoth(page, 'unit-maps-editor-confirm')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  expect(await unitsOf(page, code)).toEqual(before)

  await chooseFile(page, 'facility-map-sample.csv', fs.readFileSync(SAMPLE))
  await page.getByRole('dialog', { name: 'Upload CSV' }).getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Imported 52 units.')).toBeVisible()
  const after = await unitsOf(page, code)
  expect(after.filter((unit) => !unit.system).map((unit) => unit.unit_no)).toContain('P04')
  expect(after.filter((unit) => unit.system)).toHaveLength(2)
  await expect(page.getByRole('radio', { name: 'Floor 2' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Floor 3' })).toHaveCount(0)

  const bad = [
    'unit_no,floor_no,top_coordinate,left_coordinate,width,length,rotate',
    'X1,1,10,10,20,20,0',
    'X2,1,10,40,20,20,400',
    'X1,1,10,70,0,20,0',
  ].join('\n')
  // A bad file is refused before any confirmation: nothing to confirm.
  await chooseFile(page, 'bad.csv', Buffer.from(bad))
  const alert = page.getByRole('alert').filter({ hasText: 'The CSV was not imported' })
  await expect(alert).toBeVisible()
  await expect(alert.getByText('Line 3 (X2): rotate must be between 0 and 360 (got 400)')).toBeVisible()
  await expect(
    alert.getByText('Line 4 (X1): unit_no X1 is already on line 2; width must be between 1 and 999 (got 0)'),
  ).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await unitsOf(page, code)).toEqual(after)
  await expectAccessible(page)
  await screenshotBoth(page, 'unit-maps-editor-csv-errors')
})

test('pick on map places the Gate at the click minus 20 (y inverted); save keeps it on floor 1', async ({ page }) => {
  const location = await editorFacility(page)
  const code = location.location_code
  await page.goto(`${ADMIN_URL}/locations/${code}/map_edit`)
  await expect(mapOf(page).locator('[data-system-marker="Gate"]')).toBeVisible()
  await page.getByRole('button', { name: 'Pick on map: Gate' }).click()
  await expect(page.getByText('Click the map where the Gate goes.')).toBeVisible()

  const container = mapOf(page).locator('.leaflet-container')
  const box = (await container.boundingBox())!
  // The map's own reading of the click, so the expectation does not depend on pixel rounding.
  await container.evaluate((element) => {
    const map = (element as unknown as MapElement).leafletMap
    map.once('click', (event) => {
      ;(window as unknown as { lastClick: unknown }).lastClick = event.latlng
    })
  })
  await container.click({ position: { x: Math.round(box.width * 0.6), y: Math.round(box.height * 0.8) } })
  const latLng = await page.evaluate(() => (window as unknown as { lastClick: { lat: number; lng: number } }).lastClick)
  const x = Math.round(latLng.lng - 20)
  const y = Math.round(-latLng.lat - 20)
  await expect(page.getByLabel('Gate X')).toHaveValue(String(x))
  await expect(page.getByLabel('Gate Y')).toHaveValue(String(y))
  await expect(page.getByText('Click the map where the Gate goes.')).toHaveCount(0)

  await page.getByLabel('Gate rotation').fill('45')
  await page.getByLabel('Gate size').fill('30')
  await page.getByRole('button', { name: 'Save Gate and Rental Center' }).click()
  await expect(page.getByText('Data saved successfully')).toBeVisible()
  const gate = (await unitsOf(page, code)).find((unit) => unit.category_name === 'Gate')!
  expect(gate).toMatchObject({
    floor_no: 1,
    system: true,
    left_coordinate: x,
    top_coordinate: y,
    system_rotation: 45,
    width: 30,
    length: 30,
  })
  await screenshotBoth(page, 'unit-maps-editor-picked')
})

test('a rotation outside 0–360 or a field left empty is refused with its message, never saved as 0° (issue 18)', async ({
  page,
}) => {
  const location = await editorFacility(page)
  await page.goto(`${ADMIN_URL}/locations/${location.location_code}/map_edit`)
  const save = page.getByRole('button', { name: 'Save Gate and Rental Center' })
  const rotation = page.getByLabel('Gate rotation')
  await expect(rotation).not.toHaveValue('')
  await rotation.fill('400')
  await expect(page.getByText('Rotation must be between 0 and 360.')).toBeVisible()
  await expect(rotation).toHaveValue('400°')
  await expect(save).toBeDisabled()
  await expectAccessible(page)
  await screenshotBoth(page, 'unit-maps-editor-rotation-refused')
  await rotation.fill('')
  await expect(page.getByText('Required')).toBeVisible()
  await expect(save).toBeDisabled()
  await rotation.fill('360')
  await expect(page.getByText('Rotation must be between 0 and 360.')).toHaveCount(0)
  await expect(page.getByText('Required')).toHaveCount(0)
  await expect(save).toBeEnabled()
})

test('an editor for a facility without units says No location units imported.', async ({ page }) => {
  const location = await editorFacility(page)
  await page.route('**/api/location_units?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  )
  await page.goto(`${ADMIN_URL}/locations/${location.location_code}/map_edit`)
  await expect(page.getByText('No location units imported.', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload CSV' })).toBeVisible()
  await expectAccessible(page)
})

test('an unknown location code says so and links back to Locations', async ({ page }) => {
  await page.goto(`${ADMIN_URL}/locations/NOPE999/map_edit`)
  await expect(page.getByRole('alert').getByText('Location code is not valid.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Locations' })).toHaveAttribute('href', '/locations')
})
