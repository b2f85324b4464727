import { expect, test } from '@playwright/test'
import { adminApi } from './admin-api.ts'
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
  // Two uploads, a refused file, two confirmations and screenshots at both sizes: 31–50 s at load 18.
  test.setTimeout(90_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ADMIN_URL })
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/file-management`)
  await expect(page.getByRole('heading', { name: 'File Management', level: 1 })).toBeVisible()
  const table = page.getByRole('table', { name: 'Files' })
  await expect(table.getByRole('columnheader')).toHaveText(['', 'Preview', 'Path', 'URL', 'Used in', 'Size'])
  // The library comes 25 a page, newest first (earlier journeys add files): the name search finds the seeded photo.
  const search = page.getByRole('searchbox', { name: 'Search files by name' })
  await search.fill('facility-front-morning')
  await expect(page.getByText('1 file found for “facility-front-morning”')).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/file-management?q=facility-front-morning`)
  const seeded = table.getByRole('row').filter({ hasText: '/img/facility-front-morning.jpg' })
  const thumbnail = seeded.getByRole('button', { name: 'Preview facility-front-morning.jpg' })
  await expect(thumbnail.locator('img')).toHaveAttribute('loading', 'lazy')
  await expect(thumbnail.locator('img')).toHaveAttribute('src', '/img/facility-front-morning.jpg.thumb.jpg')

  await expect(seeded.getByRole('link', { name: `${ADMIN_URL}/img/facility-front-morning.jpg` })).toBeVisible()
  await search.fill('journey-photo')
  await expect(page.getByText('No file name matches your search.')).toBeVisible()

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
  const search = page.getByRole('searchbox', { name: 'Search files by name' })
  await search.fill('review-1.jpg')
  // A selection belongs to the search it was made on: choose once the search has applied.
  await expect(page.getByText('1 file found for “review-1.jpg”')).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/file-management?q=review-1.jpg`)
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
  await expect(page).toHaveURL(`${ADMIN_URL}/file-management?q=review-1.jpg&show=unused`)
  await expect(page.getByText('No file name matches your search.')).toBeVisible()
  await search.fill('night-security-lights')
  await expect(table.getByRole('row').filter({ hasText: '/img/night-security-lights.jpg' })).toBeVisible()
})

test('A thumbnail opens a preview in which the browser picks a web size (WebP) of the photo, not the original', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/file-management`)
  await page.getByRole('searchbox', { name: 'Search files by name' }).fill('facility-front-morning')
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

test('Many files come 25 a page from the server: sorted by path, paged, filtered, kept in the URL; select all takes the page', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/file-management`)
  const prefix = `many-${Date.now().toString(36)}`
  const uploads = 3
  // 60 files through the API, 20 per upload (the most one upload takes).
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
  const rows = table.getByRole('row')
  await page.getByRole('searchbox', { name: 'Search files by name' }).fill(prefix)
  await expect(page.getByText(`60 files found for “${prefix}”`)).toBeVisible()
  await expect(rows).toHaveCount(26)

  const path = table.getByRole('columnheader', { name: 'Path' })
  await path.getByRole('button').click()
  await expect(path).toHaveAttribute('aria-sort', 'ascending')
  await expect(rows.nth(1)).toContainText(`/img/${prefix}-000.png`)
  await path.getByRole('button').click()
  await expect(path).toHaveAttribute('aria-sort', 'descending')
  await expect(rows.nth(1)).toContainText(`/img/${prefix}-059.png`)
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/file-management?q=${prefix}&sort=name&order=desc&page=2`)
  await expect(rows.nth(1)).toContainText(`/img/${prefix}-034.png`)
  await page.reload()
  await expect(rows.nth(1)).toContainText(`/img/${prefix}-034.png`)
  await expect(rows.nth(1).locator('img')).toHaveAttribute('loading', 'lazy')
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)
  await screenshotBoth(page, 'file-management-many')

  // Select all takes this page's 25 files, and only them.
  await page.getByRole('checkbox', { name: 'Select all files on this page' }).check()
  const deleteButton = page.getByRole('button', { name: /^Delete selected/ })
  await expect(deleteButton).toHaveText('Delete selected (25)')
  await deleteButton.click()
  const confirm = page.getByRole('dialog', { name: 'Delete files' })
  await expect(confirm).toContainText('Delete 25 files? This cannot be undone.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleted 25 files.')).toBeVisible()
  await expect(page.getByText(`35 files found for “${prefix}”`)).toBeVisible()
  await expect(rows).toHaveCount(11)
  await expect(rows.nth(1)).toContainText(`/img/${prefix}-009.png`)
  await expect(deleteButton).toHaveText('Delete selected (0)')

  // The Unused filter starts again at page 1 and keeps the search and sort.
  await page.getByText('Unused', { exact: true }).first().click()
  await expect(page).toHaveURL(`${ADMIN_URL}/file-management?q=${prefix}&sort=name&order=desc&show=unused`)
  await expect(page.getByText(`35 unused files found for “${prefix}”`)).toBeVisible()
  await expect(rows.nth(1)).toContainText(`/img/${prefix}-059.png`)

  // The journey leaves no files behind.
  const left = await adminApi<{ rows: { name: string }[] }>(page, 'GET', `/api/file?q=${prefix}&limit=100`)
  const removed = await adminApi(page, 'POST', '/api/file/delete', {
    fileNames: left.body.rows.map((file) => file.name),
  })
  expect(removed.status).toBe(200)
})
