import { expect, test, type Page } from '@playwright/test'
import { blogsResource } from '@storageops/contracts/content/blogs'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

/**
 * Versions on the generic edit form (issue 20), on a blog: the history (who, when, changed fields, newest
 * first), a field-by-field comparison of any two versions, Restore as a new version, and two tabs editing
 * the same blog, where the second save is refused (412) naming who changed what.
 */

const run = Date.now().toString(36)
const history = (page: Page) => page.getByRole('region', { name: 'History' })
const versions = (page: Page) =>
  history(page).getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem')

async function createBlog(page: Page, title: string) {
  const created = await adminApi<{ id: number }>(page, 'POST', blogsResource.api, {
    title,
    meta_title: 'Packing a 10x10',
    body: 'Heavy boxes first, light boxes on top.',
  })
  expect(created.status).toBe(201)
  return created.body.id
}

test('the history lists who changed which fields, compares two versions and restores one as a new version', async ({
  page,
}) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  const title = `Versions ${run}`
  const id = await createBlog(page, title)
  const path = `${blogsResource.api}/${id}`
  const edited = { title, meta_title: 'Packing a 10x10 unit', body: 'Heavy boxes last, light boxes on top.' }
  expect((await adminApi(page, 'PUT', path, edited)).status).toBe(200)

  await page.goto(`${ADMIN_URL}/blogs/${id}`)
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title)
  await expect(versions(page)).toHaveCount(2)
  await expect(versions(page).nth(0)).toContainText('Version 2')
  await expect(versions(page).nth(0)).toContainText('Edited')
  await expect(versions(page).nth(0)).toContainText('Current')
  await expect(versions(page).nth(0)).toContainText('Emerson Lowry')
  await expect(versions(page).nth(0)).toContainText('Changed: Meta Title, Body')
  await expect(versions(page).nth(1)).toContainText('Version 1')
  await expect(versions(page).nth(1)).toContainText('Created')

  const diff = history(page).getByRole('table', { name: 'Differences between versions 1 and 2' })
  await expect(diff.getByRole('rowheader')).toHaveText(['Meta Title', 'Body'])
  const body = diff.getByRole('row', { name: /Body/ })
  await expect(body.locator('del')).toHaveText('first')
  await expect(body.locator('ins')).toHaveText('last')
  await expectAccessible(page)
  await screenshotBoth(page, 'resource-versions-history')

  await history(page).getByRole('button', { name: 'Restore version 1' }).click()
  const confirm = page.getByRole('dialog', { name: 'Restore version 1' })
  await expect(confirm).toContainText('This is saved as a new version at once')
  await settled(confirm)
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('Version 1 restored')).toBeVisible()
  await expect(versions(page)).toHaveCount(3)
  await expect(versions(page).nth(0)).toContainText('Version 3')
  await expect(versions(page).nth(0)).toContainText('Restored version 1')
  await expect(versions(page).nth(0)).toContainText('Changed: Meta Title, Body')
  await expect(page.getByRole('textbox', { name: 'Meta Title', exact: true })).toHaveValue('Packing a 10x10')
  expect((await adminApi<{ body: string }>(page, 'GET', path)).body.body).toBe('Heavy boxes first, light boxes on top.')

  await history(page).getByRole('combobox', { name: 'Compare' }).click()
  await page.getByRole('option', { name: /^Version 1 ·/ }).click()
  await expect(history(page).getByText('Versions 1 and 3 hold the same values.')).toBeVisible()
  await screenshotBoth(page, 'resource-versions-restored')
  expect((await adminApi(page, 'DELETE', path)).status).toBe(200)
})

test('two tabs edit the same blog: the second save is refused and says who changed what since', async ({
  page,
  context,
}) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  const id = await createBlog(page, `Two tabs ${run}`)
  const other = await context.newPage()
  for (const tab of [page, other]) {
    await tab.goto(`${ADMIN_URL}/blogs/${id}`)
    await expect(tab.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`Two tabs ${run}`)
  }
  await other.getByRole('textbox', { name: 'Meta Description', exact: true }).fill('Saved in the other tab')
  await other.getByRole('button', { name: 'Save' }).click()
  await expect(other).toHaveURL(`${ADMIN_URL}/blogs`)

  await page.getByRole('textbox', { name: 'Meta Title', exact: true }).fill('Saved in this tab')
  await page.getByRole('button', { name: 'Save' }).click()
  const banner = page.locator('form').getByRole('alert')
  await expect(banner).toContainText(blogsResource.messages.updateFailed)
  await expect(banner).toContainText('Emerson Lowry changed this blog since you opened it (Meta Description).')
  await expect(versions(page).nth(0)).toContainText('Changed: Meta Description')
  await expect(page.getByRole('textbox', { name: 'Meta Title', exact: true })).toHaveValue('Saved in this tab')
  await expectAccessible(page)
  await screenshotBoth(page, 'resource-versions-stale-save')
  const saved = await adminApi<{ meta_title: string; meta_description: string }>(page, 'GET', `/api/blogs/${id}`)
  expect(saved.body).toMatchObject({ meta_title: 'Packing a 10x10', meta_description: 'Saved in the other tab' })
  expect((await adminApi(page, 'DELETE', `/api/blogs/${id}`)).status).toBe(200)
})
