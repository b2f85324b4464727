import { expect, test } from '@playwright/test'
import { ADMIN_URL, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

/** A 1×1 PNG: a real image, small enough to write inline. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test('File Management uploads several images at once, copies a path, and deletes the selected files after a confirmation', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ADMIN_URL })
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/file-management`)
  await expect(page.getByRole('heading', { name: 'File Management', level: 1 })).toBeVisible()
  const table = page.getByRole('table', { name: 'Files' })
  await expect(table.getByRole('columnheader')).toHaveText(['', 'Preview', 'Path', 'URL', 'Used in', 'Size'])
  // Rows are drawn only near the view (earlier journeys add files): the name filter brings the seeded photo up.
  const search = page.getByRole('textbox', { name: 'Search files by name' })
  await search.fill('facility-front-morning')
  await expect(page.getByText(/^1 of \d+ files match$/)).toBeVisible()
  const seeded = table.getByRole('row').filter({ hasText: '/img/facility-front-morning.jpg' })
  const thumbnail = seeded.getByRole('button', { name: 'Preview facility-front-morning.jpg' })
  await expect(thumbnail.locator('img')).toHaveAttribute('loading', 'lazy')
  await expect(thumbnail.locator('img')).toHaveAttribute('src', '/img/facility-front-morning.jpg.thumb.jpg')

  await expect(seeded.getByRole('link', { name: `${ADMIN_URL}/img/facility-front-morning.jpg` })).toBeVisible()
  const list = page.getByTestId('file-list')
  expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe(`${0.7 * 900}px`)
  await search.fill('journey-photo')

  // Two files at once: the server's text is the toast.
  await page.locator('input[type=file]').setInputFiles([
    { name: 'Journey Photo A.png', mimeType: 'image/png', buffer: PNG },
    { name: 'journey-photo-b.png', mimeType: 'image/png', buffer: PNG },
  ])
  await expect(page.getByText('Uploaded 2 files: journey-photo-a.png, journey-photo-b.png.')).toBeVisible()
  const rowA = table.getByRole('row').filter({ hasText: '/img/journey-photo-a.png' })
  await expect(rowA).toContainText('Unused')

  // A text file named .jpg is refused by its content, with the server's reason.
  await page
    .locator('input[type=file]')
    .setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('hello') }])
  await expect(
    page.getByText('notes.jpg is not a JPEG, PNG or WebP image. Other files, SVG drawings included, are refused.'),
  ).toBeVisible()

  await rowA.getByRole('button', { name: 'Copy path of journey-photo-a.png' }).click()
  await expect(page.getByText('Copied /img/journey-photo-a.png')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('/img/journey-photo-a.png')

  const deleteButton = page.getByRole('button', { name: /^Delete selected/ })
  await expect(deleteButton).toHaveText('Delete selected (0)')
  await expect(deleteButton).toBeDisabled()
  await page.getByRole('checkbox', { name: 'Select journey-photo-a.png' }).check()
  await page.getByRole('checkbox', { name: 'Select journey-photo-b.png' }).check()
  await expect(deleteButton).toHaveText('Delete selected (2)')
  await screenshotBoth(page, 'file-management')
  await expectAccessible(page)

  // Cancel keeps the files; Delete removes them and shows the server's text.
  await deleteButton.click()
  const confirm = page.getByRole('dialog', { name: 'Delete files' })
  await expect(confirm).toContainText('Delete 2 files? This cannot be undone.')
  await settled(confirm)
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(rowA).toBeVisible()
  await deleteButton.click()
  await page.getByRole('dialog', { name: 'Delete files' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleted 2 files.')).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: 'journey-photo' })).toHaveCount(0)
  await expect(deleteButton).toHaveText('Delete selected (0)')
})

test('A file in use asks again before a forced delete; a failed delete says Delete failed; Unused hides used files', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/file-management`)
  const table = page.getByRole('table', { name: 'Files' })
  const search = page.getByRole('textbox', { name: 'Search files by name' })
  await search.fill('review-1.jpg')
  const review = table.getByRole('row').filter({ hasText: '/img/review-1.jpg' })
  await review.getByRole('button', { name: 'review-1.jpg is used in 1 place' }).click()
  await expect(page.getByRole('link', { name: /^Review: / })).toBeVisible()
  await page.keyboard.press('Escape')

  await review.getByRole('checkbox', { name: 'Select review-1.jpg' }).check()
  await page.getByRole('button', { name: 'Delete selected (1)' }).click()
  await page.getByRole('dialog', { name: 'Delete files' }).getByRole('button', { name: 'Delete' }).click()
  const inUse = page.getByRole('dialog', { name: 'Files in use' })
  await expect(inUse).toContainText('review-1.jpg is still used by content: Review')
  await expect(inUse.getByRole('button', { name: 'Delete anyway' })).toBeVisible()
  await settled(inUse)
  await screenshotBoth(page, 'file-management-in-use')
  await inUse.getByRole('button', { name: 'Cancel' }).click()
  await expect(review).toBeVisible()

  await page.route('**/api/file/delete', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  )
  await page.getByRole('button', { name: 'Delete selected (1)' }).click()
  await page.getByRole('dialog', { name: 'Delete files' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Delete failed', { exact: true })).toBeVisible()

  await page.getByText('Unused', { exact: true }).first().click()
  await expect(page.getByText('No file name matches your search.')).toBeVisible()
  await search.fill('night-security-lights')
  await expect(table.getByRole('row').filter({ hasText: '/img/night-security-lights.jpg' })).toBeVisible()
})

test('A thumbnail opens a preview in which the browser picks a web size (WebP) of the photo, not the original', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/file-management`)
  await page.getByRole('textbox', { name: 'Search files by name' }).fill('facility-front-morning')
  const seeded = page
    .getByRole('table', { name: 'Files' })
    .getByRole('row')
    .filter({ hasText: '/img/facility-front-morning.jpg' })
  await seeded.getByRole('button', { name: 'Preview facility-front-morning.jpg' }).click()
  const preview = page.getByRole('dialog', { name: 'facility-front-morning.jpg' })
  const large = preview.getByRole('img', { name: 'Preview of facility-front-morning.jpg' })
  await expect(large).toHaveAttribute(
    'srcset',
    '/img/facility-front-morning.jpg.w480.webp 480w, /img/facility-front-morning.jpg.w960.webp 960w, /img/facility-front-morning.jpg 1200w',
  )
  await expect(preview).toContainText('web sizes 480×320, 960×640')
  await expect
    .poll(() => large.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
    .toMatch(/\/img\/facility-front-morning\.jpg\.w(480|960)\.webp$/)
  await settled(preview)
  await screenshotBoth(page, 'file-management-preview')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()
})

test('Hundreds of files: only the rows in view are drawn, the last one scrolls into view, is selected and deleted; select all takes every match', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/file-management`)
  const prefix = `many-${Date.now().toString(36)}`
  const uploads = 15
  // 300 files through the API, 20 per upload (the most one upload takes): the oldest upload's last name ends the list.
  await page.evaluate(
    async ({ prefix, uploads, png }) => {
      const { token } = JSON.parse(localStorage.getItem('admin_user') ?? '{}') as { token: string }
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0))
      for (let upload = 0; upload < uploads; upload++) {
        const form = new FormData()
        for (let index = 0; index < 20; index++) {
          const name = `${prefix}-${String(upload * 20 + index).padStart(3, '0')}.png`
          form.append(`upload_files_${index}`, new Blob([bytes], { type: 'image/png' }), name)
        }
        const response = await fetch('/api/file/upload', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        })
        if (response.status !== 201) throw new Error(await response.text())
      }
    },
    { prefix, uploads, png: PNG.toString('base64') },
  )
  await page.reload()
  const table = page.getByRole('table', { name: 'Files' })
  await page.getByRole('textbox', { name: 'Search files by name' }).fill(prefix)
  await expect(page.getByText(/^300 of \d+ files match$/)).toBeVisible()
  await expect(table).toHaveAttribute('aria-rowcount', '301')
  await expect(table.getByRole('row').filter({ hasText: `${prefix}-280.png` })).toBeVisible()
  expect(await table.getByRole('row').count()).toBeLessThan(40)

  const list = page.getByTestId('file-list')
  await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
  const last = table.getByRole('row').filter({ hasText: `/img/${prefix}-019.png` })
  await expect(last).toBeVisible()
  await expect(last).toHaveAttribute('aria-rowindex', '301')
  await expect(last.locator('img')).toHaveAttribute('loading', 'lazy')
  await expect(table.getByRole('row').filter({ hasText: `${prefix}-280.png` })).toHaveCount(0)
  await expect(table.getByRole('columnheader', { name: 'Path' })).toBeInViewport()
  await screenshotBoth(page, 'file-management-many', { fullPage: false })
  await expectAccessible(page)

  // The phone's cards have their own scroll box: back on the desktop table, scroll down again.
  await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
  await last.getByRole('checkbox', { name: `Select ${prefix}-019.png` }).check()
  const deleteButton = page.getByRole('button', { name: /^Delete selected/ })
  await expect(deleteButton).toHaveText('Delete selected (1)')
  await deleteButton.click()
  const confirm = page.getByRole('dialog', { name: 'Delete files' })
  await expect(confirm).toContainText('Delete 1 file? This cannot be undone.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleted 1 file.')).toBeVisible()
  await expect(last).toHaveCount(0)
  await expect(page.getByText(/^299 of \d+ files match$/)).toBeVisible()

  // Select all takes the rows not drawn too; the journey leaves no files behind.
  await page.getByRole('checkbox', { name: 'Select all files' }).check()
  await expect(deleteButton).toHaveText('Delete selected (299)')
  await deleteButton.click()
  await page.getByRole('dialog', { name: 'Delete files' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleted 299 files.')).toBeVisible()
  await expect(page.getByText('No file name matches your search.')).toBeVisible()
})
