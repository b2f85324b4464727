import { expect, test } from '@playwright/test'
import { pagesResource } from '@storageops/contracts/content/pages'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

/** Pages (spec: admin-console-part-2 §2, §7): an edit goes through the one POST /api/pages with the page's id. */

test('a page edit saves through POST /api/pages with its id; the name stays fixed', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  const pages = await adminApi<{ id: number; name: string }[]>(page, 'GET', '/api/pages')
  const about = pages.body.find((candidate) => candidate.name === 'about-us')!
  await page.goto(`${ADMIN_URL}/pages/edit/${about.id}`)
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  await expect(name).toHaveValue('about-us')
  await expect(name).toHaveAttribute('readonly')
  // It looks read-only and says why (issue 18).
  await expect(name).toHaveAttribute('data-variant', 'filled')
  await expect(name).toHaveAccessibleDescription('Set when the record was created; it cannot be changed.')
  await expectAccessible(page)
  await screenshotBoth(page, 'pages-edit-read-only-name', { fullPage: false })
  const description = `About Harbor Point Self Storage, edited ${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Meta Description', exact: true }).fill(description)
  const saved = page.waitForRequest((request) => request.url().endsWith('/api/pages') && request.method() === 'POST')
  await page.getByRole('button', { name: 'Save' }).click()
  const request = await saved
  expect(request.postDataJSON()).toMatchObject({ id: about.id, meta_description: description })
  expect(request.headers()['if-match']).toBeTruthy()
  await expect(page.getByText(pagesResource.messages.saved)).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/pages`)
  await expect(page.getByRole('row', { name: /about-us/ })).toContainText(description)
})

test('the page editor is at least 400 px high; its Preview shows tables, links, strikethrough and task lists', async ({
  page,
}) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  const pages = await adminApi<{ id: number; name: string }[]>(page, 'GET', '/api/pages')
  const about = pages.body.find((candidate) => candidate.name === 'about-us')!
  await page.goto(`${ADMIN_URL}/pages/edit/${about.id}`)
  const content = page.getByRole('textbox', { name: 'Content', exact: true })
  await expect(content).toBeVisible()
  expect((await content.boundingBox())!.height).toBeGreaterThanOrEqual(400)
  await content.fill(
    [
      '| Size | Rate |',
      '| --- | --- |',
      '| 10x10 | $99 |',
      '',
      'Rates at https://example.com/units today.',
      '',
      '~~Old rate~~',
      '',
      '- [x] Gate checked',
      '- [ ] Lights checked',
    ].join('\n'),
  )
  await page.getByRole('tab', { name: 'Preview' }).click()
  const preview = page.getByLabel('Content preview')
  expect((await preview.boundingBox())!.height).toBeGreaterThanOrEqual(400)
  await expect(preview.getByRole('table').getByRole('cell', { name: '10x10' })).toBeVisible()
  await expect(preview.getByRole('link', { name: 'https://example.com/units' })).toHaveAttribute(
    'href',
    'https://example.com/units',
  )
  await expect(preview.locator('del')).toHaveText('Old rate')
  await expect(preview.getByRole('checkbox')).toHaveCount(2)
  await expect(preview.getByRole('checkbox').first()).toBeChecked()
  await expect(preview.getByRole('checkbox').last()).not.toBeChecked()
})
