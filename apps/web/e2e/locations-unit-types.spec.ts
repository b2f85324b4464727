import { expect, test } from '@playwright/test'
import type { LocationUnitTypes } from '@storageops/contracts/unit-types'
import { adminApi } from './admin-api.ts'
import {
  ADMIN_URL,
  expectAccessible,
  expectNoSidewaysScroll,
  expectUnsavedChangesDialog,
  screenshotBoth,
  signInAdmin,
} from './fixtures.ts'

test('unit types: header with counts, the system unit types joined with notes and filters, edits held until Save', async ({
  page,
}) => {
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  await page.goto(`${ADMIN_URL}/locations`)
  await page.getByLabel('Search locations').fill('TX105')
  await page.getByRole('table', { name: 'Locations' }).getByRole('link', { name: 'Unit types TX105' }).click()
  await expect(page).toHaveURL(/\/locations\/TX105\/unit_types$/)
  await expect(page.getByRole('heading', { name: 'Unit Types', level: 1 })).toBeVisible()
  await expect(page.getByText(/^TX105 · /)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('6 unit filters')).toBeVisible()
  await expect(page.getByText(/^\d+ unit types$/)).toBeVisible()
  const table = page.getByRole('table', { name: 'Unit Types' })
  for (const column of [
    '#',
    'Unit Type ID',
    'Unit Type Code',
    'Category Name',
    'Note',
    'Climate Controlled',
    'Drive-Up Access',
  ]) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
  }
  const firstRow = table.getByRole('row').nth(1)
  const unitTypeId = Number(await firstRow.getByRole('cell').nth(1).innerText())
  const code = await firstRow.getByRole('cell').nth(2).innerText()
  const note = firstRow.getByRole('textbox', { name: `Note ${code} (${unitTypeId})` })
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  await note.fill('Popular size; keep two free for walk-ins')
  await expect(note).toHaveAttribute('maxlength', '200')
  await firstRow.getByRole('checkbox', { name: `Climate Controlled ${code} (${unitTypeId})` }).check()
  await expect(page.getByText('1 unit type changed, not saved yet.')).toBeVisible()

  let saved = (await adminApi<LocationUnitTypes>(page, 'GET', '/api/location_unittypes?location_code=TX105')).body
  expect(saved.unit_types.find((row) => row.unit_type_id === unitTypeId)).toBeUndefined()

  await expectAccessible(page)
  await screenshotBoth(page, 'locations-unit-types')
  const leave = page.getByRole('link', { name: 'Locations', exact: true }).first()
  const dialog = await expectUnsavedChangesDialog(page, leave, '1 unit type changed, not saved yet.')
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(note).toHaveValue('Popular size; keep two free for walk-ins')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('All changes saved successfully')).toBeVisible()
  saved = (await adminApi<LocationUnitTypes>(page, 'GET', '/api/location_unittypes?location_code=TX105')).body
  expect(saved.unit_types.find((row) => row.unit_type_id === unitTypeId)).toMatchObject({
    note: 'Popular size; keep two free for walk-ins',
    unit_filters: [expect.objectContaining({ filter_key: 'climate-controlled' })],
  })
  await page.reload()
  await expect(
    page.getByRole('table', { name: 'Unit Types' }).getByRole('textbox', { name: `Note ${code} (${unitTypeId})` }),
  ).toHaveValue('Popular size; keep two free for walk-ins', { timeout: 20_000 })
})

test('on a phone each unit type is a card with its note and filters to edit, with nothing to scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  await page.goto(`${ADMIN_URL}/locations/TX106/unit_types`)
  const cards = page.getByRole('list', { name: 'Unit Types' }).getByRole('listitem')
  await expect(cards.first()).toBeVisible({ timeout: 20_000 })
  const count = Number((await page.getByText(/^\d+ unit types$/).innerText()).split(' ')[0])
  await expect(cards).toHaveCount(count)
  const first = cards.first()
  const note = first.getByRole('textbox', { name: /^Note / })
  const name = (await note.getAttribute('aria-label'))!.replace(/^Note /, '')
  await expect(first).toContainText(name.split(' (')[0]!)
  await expect(first.getByRole('checkbox', { name: `Climate Controlled ${name}` })).toBeVisible()
  await expect(first.getByRole('checkbox', { name: `Drive-Up Access ${name}` })).toBeVisible()
  await note.fill('Seen on a phone')
  await expect(page.getByText('1 unit type changed, not saved yet.')).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectAccessible(page)
  await screenshotBoth(page, 'locations-unit-types-phone')
})
