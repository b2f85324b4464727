import { expect, test } from '@playwright/test'
import type { ComboCode } from '@storageops/contracts/facilities'
import { fieldApiGet } from './field-api.ts'
import { expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

test.beforeEach(async ({ page }) => {
  await signInField(page)
  await page.goto(`${FIELD_URL}/albany-ny-209`)
  await page.getByRole('button', { name: 'Get Combo Code' }).click()
})

test("Get Combo Code shows a known lock's combination", async ({ page }) => {
  const { body } = await fieldApiGet<ComboCode>(page, '/api/snapshot_locations/combo_code?serial_number=CL-209-002')
  const expected = body.combo_code

  const dialog = page.getByRole('dialog', { name: 'Get Combo Code' })
  await dialog.getByLabel('Serial Number').fill('CL-209-002')
  await dialog.getByRole('button', { name: 'Get Code' }).click()
  await expect(dialog.getByText('Combo code for CL-209-002')).toBeVisible()
  await expect(dialog.getByText(expected, { exact: true })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-combo-code-modal')
})

test('an unknown serial number gives a browser alert with the server message', async ({ page }) => {
  const messages: string[] = []
  page.on('dialog', (dialog) => {
    messages.push(dialog.message())
    void dialog.accept()
  })
  const dialog = page.getByRole('dialog', { name: 'Get Combo Code' })
  await dialog.getByLabel('Serial Number').fill('NO-SUCH-LOCK')
  await dialog.getByRole('button', { name: 'Get Code' }).click()
  await expect.poll(() => messages).toEqual(['No combo code found for serial number NO-SUCH-LOCK.'])
  await expect(dialog.getByText(/Combo code for/)).toHaveCount(0)
})
