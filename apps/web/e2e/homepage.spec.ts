import { expect, test } from '@playwright/test'
import {
  ADMIN_URL,
  expectAccessible,
  expectNoSidewaysScroll,
  expectUnsavedChangesDialog,
  screenshotBoth,
  signInAdmin,
} from './fixtures.ts'

const JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWAtooAAAAAAAAAD//2Q==',
  'base64',
)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test('Homepage: a JPEG replaces the kiosk image (a file first, JPEG by content), and the texts save', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/homepage`)
  await expect(page.getByRole('heading', { name: 'Homepage', level: 1 })).toBeVisible()
  const previews = page.getByRole('table', { name: 'Homepage images' })
  await expect(previews.getByRole('row')).toHaveCount(3)
  await expect(previews).toContainText('/img/homepage_hero_image.jpg')
  await expect(previews).toContainText('/img/homepage_kiosk_image.jpg')
  await expect(page.getByRole('textbox', { name: 'Seed Review Header' })).toHaveValue('What our customers say')

  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Please select a file first.')).toBeVisible()

  await page.getByRole('radio', { name: 'Kiosk image' }).check()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'JPEG file' }).click()
  await (await chooser).setFiles({ name: 'kiosk.jpg', mimeType: 'image/jpeg', buffer: PNG })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Only JPEG images are accepted for the homepage.')).toBeVisible()

  const again = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'JPEG file' }).click()
  await (await again).setFiles({ name: 'new-kiosk.jpg', mimeType: 'image/jpeg', buffer: JPEG })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Uploaded homepage_kiosk_image.jpg.')).toBeVisible()
  // The preview shows the redrawn 120×80 thumbnail (drawn at 240×160); the original is the 48 px JPEG sent.
  const kiosk = previews.getByRole('img', { name: 'Kiosk image of the homepage' })
  await expect(kiosk).toHaveAttribute('src', /^\/img\/homepage_kiosk_image\.jpg\.thumb\.jpg\?v=\d+$/)
  await expect.poll(() => kiosk.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(240)
  const original = page.evaluate(async () => {
    const image = new Image()
    image.src = `/img/homepage_kiosk_image.jpg?fresh=${Date.now()}`
    await image.decode()
    return image.naturalWidth
  })
  expect(await original).toBe(48)

  await page.getByRole('textbox', { name: 'Title 1' }).fill('Storage that fits')
  const leaving = await expectUnsavedChangesDialog(
    page,
    page.getByRole('link', { name: 'Back To Main Page' }),
    '1 field changed, not saved yet.',
  )
  await leaving.getByRole('button', { name: 'Stay on this page' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Homepage updated successfully')).toBeVisible()
  await screenshotBoth(page, 'homepage')
  await expectAccessible(page)
  // Saved: leaving asks nothing.
  await page.getByRole('link', { name: 'Back To Main Page' }).click()
  await expect(page).toHaveURL(new RegExp(`^${ADMIN_URL}/?$`))
  await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toHaveCount(0)
  await page.goto(`${ADMIN_URL}/homepage`)
  await expect(page.getByRole('textbox', { name: 'Title 1' })).toHaveValue('Storage that fits')
})

test('Homepage on a phone: the images table fits the screen with every path readable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/homepage`)
  const path = page.getByRole('table', { name: 'Homepage images' }).getByText('/img/homepage_kiosk_image.jpg')
  await expect(path).toBeVisible()
  // The table scrolled sideways inside its card (420 px wide), the paths cut off at the card's edge.
  await expectNoSidewaysScroll(page)
  const box = (await path.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390)
})

test('Homepage is for a superadmin only', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/homepage`)
  await expect(page.getByText("Permission required! You're not authorized for this page.")).toBeVisible()
})
