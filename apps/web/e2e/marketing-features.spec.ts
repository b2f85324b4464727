import { expect, test } from '@playwright/test'
import { MARKETING_FEATURE_MESSAGES, marketingFeaturesResource } from '@storageops/contracts/content/marketing-features'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

/**
 * Marketing Features (spec: admin-console-part-2 §2, §5, §7, §8): table ID, Name, Actions; create and edit
 * in a modal; delete after the confirmation through DELETE ?marketing_featureId=; the failure texts of §8.
 */

const { messages } = marketingFeaturesResource
const run = Date.now().toString(36)

test('a content editor creates, renames and deletes a marketing feature in the modal', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/marketing-features`)
  await expect(page.getByRole('heading', { name: 'Marketing Features', level: 1 })).toBeVisible()
  const table = page.getByRole('table', { name: 'Marketing Features' })
  for (const header of ['ID', 'Name', 'Actions'])
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  await expect(table.getByRole('row', { name: /Climate-Controlled Units/ })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'marketing-features-list')

  await page.getByRole('button', { name: 'Create' }).click()
  const modal = page.getByRole('dialog', { name: 'Create Marketing Feature' })
  await modal.getByRole('button', { name: 'Create' }).click()
  await expect(modal.getByRole('alert')).toHaveText('Name is required')
  const name = `Wine Cellar Units ${run}`
  await modal.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.route(
    '**/api/marketing_features',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    { times: 1 },
  )
  await modal.getByRole('button', { name: 'Create' }).click()
  await expect(modal.getByRole('alert')).toHaveText(MARKETING_FEATURE_MESSAGES.createFailed)
  await settled(modal)
  await expectAccessible(page)
  await screenshotBoth(page, 'marketing-features-create-failed')
  await modal.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText(messages.saved)).toBeVisible()
  await expect(modal).toHaveCount(0)
  const row = table.getByRole('row', { name: new RegExp(name) })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').first()).toHaveText(/^\d+$/)

  // A save over someone else's change since the modal opened is refused (If-Match → 412), naming the field.
  const id = (await row.getByRole('cell').first().innerText()).trim()
  await row.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Marketing Feature' })
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name)
  const elsewhere = `${name} elsewhere`
  expect((await adminApi(page, 'PUT', `/api/marketing_features/${id}`, { name: elsewhere })).status).toBe(200)
  await edit.getByRole('textbox', { name: 'Name' }).fill(`Renamed ${name}`)
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(edit.getByRole('alert')).toContainText('since you opened it (Name).')
  await settled(edit)
  await screenshotBoth(page, 'marketing-features-stale-save')
  expect((await adminApi<{ name: string }>(page, 'GET', `/api/marketing_features/${id}`)).body.name).toBe(elsewhere)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await page.reload()
  await table
    .getByRole('row', { name: new RegExp(elsewhere) })
    .getByRole('button', { name: `Edit ${elsewhere}` })
    .click()
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(elsewhere)
  await edit.getByRole('textbox', { name: 'Name' }).fill(`Renamed ${name}`)
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(edit).toHaveCount(0)
  const renamed = table.getByRole('row', { name: new RegExp(`Renamed ${name}`) })
  await expect(renamed).toBeVisible()

  await renamed.getByRole('button', { name: `Delete Renamed ${name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete marketing feature' })
  await expect(confirm).toContainText(messages.confirmDelete)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(renamed).toBeVisible()
  await renamed.getByRole('button', { name: `Delete Renamed ${name}` }).click()
  const deleted = page.waitForRequest(
    (request) =>
      request.method() === 'DELETE' && /\/api\/marketing_features\?marketing_featureId=\d+$/.test(request.url()),
  )
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await deleted
  await expect(page.getByText(messages.deleted)).toBeVisible()
  await expect(renamed).toHaveCount(0)
})

test('a failed fetch shows the server’s message, else the spec’s text', async ({ page }) => {
  await signInAdmin(page)
  await page.route('**/api/marketing_features', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  )
  await page.goto(`${ADMIN_URL}/marketing-features`)
  await expect(page.getByRole('alert')).toContainText(MARKETING_FEATURE_MESSAGES.fetchFailed, { timeout: 20_000 })
  await page.unroute('**/api/marketing_features')
  await page.route('**/api/marketing_features', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'unavailable', message: 'The database is not reachable.' }),
    }),
  )
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('alert')).toContainText('The database is not reachable.', { timeout: 20_000 })
})

test('a role without /marketing-features gets Permission required', async ({ page }) => {
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  await page.goto(`${ADMIN_URL}/marketing-features`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Permission required! You're not authorized for this page.",
  )
})
