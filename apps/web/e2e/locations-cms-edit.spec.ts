import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import type { LocationContent } from '@storageops/contracts/location-content'
import { adminApi } from './admin-api.ts'
import {
  ADMIN_URL,
  expectAccessible,
  expectLeavePrompt,
  screenshotBoth,
  signInAdmin,
  expectUnsavedChangesDialog,
} from './fixtures.ts'

test('edit the CMS content of a location: texts, markdown with preview, flags and a photo with its text', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/locations`)
  await page.getByLabel('Search locations').fill('TX104')
  await page.getByRole('table', { name: 'Locations' }).getByRole('link', { name: 'CMS edit TX104' }).click()
  await expect(page).toHaveURL(/\/locations\/TX104\/cms_edit$/)
  await expect(page.getByRole('heading', { name: 'CMS Content · TX104' })).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(/^Self Storage in /, { timeout: 20_000 })

  await page.getByLabel('Title', { exact: true }).fill('Storage by the river')
  await page.getByLabel('Facility image', { exact: true }).fill('  river-front.jpg  ')
  await page.getByRole('combobox', { name: 'Keywords (Deprecated)' }).fill('river storage')
  await page.getByRole('combobox', { name: 'Keywords (Deprecated)' }).press('Enter')
  await page
    .getByRole('textbox', { name: 'Body 1', exact: true })
    .fill('## By the river\n\n| Size | Price |\n|---|---|\n| 5x5 | $45 |\n\n~~old price~~')
  await page.getByRole('tab', { name: 'Preview' }).first().click()
  const preview = page.getByLabel('Body 1 preview')
  await expect(preview.getByRole('heading', { name: 'By the river' })).toBeVisible()
  await expect(preview.getByRole('cell', { name: '$45' })).toBeVisible()
  await expect(preview.locator('del')).toHaveText('old price')
  await page.getByLabel('Fee for 24hr access').check()
  await page.locator('input[type="file"]').setInputFiles({
    name: 'river.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3b7ea1' } })
      .png()
      .toBuffer(),
  })
  await page.getByLabel('Photo text 1').fill('The river entrance')
  await expectAccessible(page)
  await screenshotBoth(page, 'locations-cms-edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Successfully updated the contents!')).toBeVisible()

  const saved = (await adminApi<LocationContent>(page, 'GET', '/api/location_contents/TX104')).body
  expect(saved).toMatchObject({
    title: 'Storage by the river',
    facility_image: 'river-front.jpg',
    fee_for_24hr_access: true,
    photo_texts: ['The river entrance'],
  })
  expect(saved.keywords).toContain('river storage')
  expect(saved.photos).toHaveLength(1)
  await page.reload()
  await expect(page.getByLabel('Photo text 1')).toHaveValue('The river entrance', { timeout: 20_000 })
  await expect(page.getByRole('img', { name: 'The river entrance' })).toBeVisible()
})

test("an unknown location code shows 'Location code is not valid.' and returns to /locations", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/locations/NOPE99/cms_edit`)
  await expect(page.getByText('Location code is not valid.')).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/locations$/)
  await expect(page.getByRole('heading', { name: 'Locations', level: 1 })).toBeVisible()
})

test('leaving CMS edit with unsaved fields asks first, in the app and on tab close, and says how many changed', async ({
  page,
}) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/locations/TX105/cms_edit`)
  const title = page.getByLabel('Title', { exact: true })
  const savedTitle = await title.inputValue({ timeout: 20_000 })
  await expect(title).not.toHaveValue('')
  await title.fill('Unsaved title')
  await page.getByLabel('Fee for 24hr access').click()
  await expect(page.getByText('2 fields changed, not saved yet.')).toBeVisible()

  const dialog = await expectUnsavedChangesDialog(
    page,
    page.getByRole('link', { name: 'Locations', exact: true }).first(),
    '2 fields changed, not saved yet.',
  )
  await screenshotBoth(page, 'locations-cms-edit-unsaved')
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(/\/locations\/TX105\/cms_edit$/)
  await expect(title).toHaveValue('Unsaved title')

  await expectLeavePrompt(page, () => page.close({ runBeforeUnload: true }))
  expect(page.isClosed()).toBe(false)
  await expect(title).toHaveValue('Unsaved title')

  await page.getByRole('link', { name: 'Locations', exact: true }).first().click()
  await dialog.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).toHaveURL(/\/locations$/)
  const saved = (await adminApi<LocationContent>(page, 'GET', '/api/location_contents/TX105')).body
  expect(saved.title).toBe(savedTitle)
})
