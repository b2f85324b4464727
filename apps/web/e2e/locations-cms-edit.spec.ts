import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import type { LocationContent } from '@storageops/contracts/location-content'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

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
