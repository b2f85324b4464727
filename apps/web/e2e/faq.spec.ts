import { expect, test } from '@playwright/test'
import { librariesResource } from '@storageops/contracts/content/libraries'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

/**
 * FAQ (spec: admin-console-part-2 §2, §3, §5): questions and library articles on one screen; keywords
 * lower-cased on save; New, edit and delete only for a superadmin or a role allowed /faq, which the API
 * enforces too. The list, create, edit and delete of each are walked by resources.spec.ts.
 */

const run = Date.now().toString(36)

test('the FAQ screen lists questions and library articles, and keywords are saved in lower case', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/faq`)
  await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible()
  const questions = page.getByRole('table', { name: 'Questions' })
  const library = page.getByRole('table', { name: 'Library' })
  await expect(questions.getByRole('row')).not.toHaveCount(1)
  await expect(library.getByRole('row', { name: /Gate codes and access hours/ })).toBeVisible()
  // Lists show a markdown field's words, not its syntax (the seeded answer has '**month-to-month**').
  await expect(questions.getByText(/^No\. Every rental is month-to-month: stay/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'New Question' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'faq-list')

  await page.getByRole('link', { name: 'New Article' }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/faq/library/new`)
  const topic = `Moving Day ${run}`
  await page.getByRole('textbox', { name: 'Topic', exact: true }).fill(topic)
  const keywords = page.getByRole('combobox', { name: 'Keywords', exact: true })
  await keywords.fill('Moving DAY')
  await keywords.press('Enter')
  await keywords.fill('Truck Rental')
  await keywords.press('Enter')
  await page
    .getByRole('textbox', { name: 'Article', exact: true })
    .fill('- [x] Reserve a truck\n- [ ] Buy ~~tape~~ boxes')
  await page.getByRole('tab', { name: 'Preview' }).click()
  await expect(page.getByRole('checkbox')).toHaveCount(2)
  await expect(page.locator('del')).toHaveText('tape')
  await screenshotBoth(page, 'faq-library-new')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(librariesResource.messages.saved)).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/faq`)
  const row = library.getByRole('row', { name: new RegExp(topic) })
  await expect(row).toContainText('Reserve a truck Buy tape boxes')
  await expect(row).not.toContainText('[x]')
  await row.getByRole('button', { name: `Edit ${topic}` }).click()
  await expect(page.getByRole('heading', { name: 'Edit Article', level: 1 })).toBeVisible()
  await expect(page.getByText('moving day', { exact: true })).toBeVisible()
  await expect(page.getByText('truck rental', { exact: true })).toBeVisible()
  const id = /\/faq\/library\/(\d+)$/.exec(page.url())![1]
  expect((await adminApi<{ keywords: string[] }>(page, 'GET', `/api/libraries/${id}`)).body.keywords).toEqual([
    'moving day',
    'truck rental',
  ])
  expect((await adminApi(page, 'DELETE', `/api/libraries/${id}`)).status).toBe(200)
})

test('a role not allowed /faq sees no New, edit or delete, and the API refuses its changes', async ({ page }) => {
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  const refused = await adminApi(page, 'POST', '/api/questions', { question: 'Q?', answer: 'A.' })
  expect(refused.status).toBe(403)
  // A role whose allowed page '/fa' is contained in /faq passes the route gate (§6) but is not allowed /faq.
  const session = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('admin_user')!) as {
      expires_at: string
      user: { role: { allowed_pages: string[] } }
    }
    stored.user.role.allowed_pages = ['/fa']
    localStorage.setItem('admin_user', JSON.stringify(stored))
    return { kind: 'admin', user: stored.user, expires_at: stored.expires_at }
  })
  await page.route('**/api/session', (route) => route.fulfill({ json: session }))
  // Its reads are refused as well; the lists are answered here so the rows can show they offer no actions.
  await page.route('**/api/questions', (route) =>
    route.fulfill({ json: [{ id: 1, question: 'Can I store a vehicle?', answer: 'Yes.' }] }),
  )
  await page.route('**/api/libraries', (route) =>
    route.fulfill({ json: [{ id: 1, topic: 'Insurance', keywords: ['insurance'], article: 'Required.' }] }),
  )
  await page.goto(`${ADMIN_URL}/faq`)
  await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible()
  await expect(page.getByRole('row', { name: /Can I store a vehicle/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /Insurance/ })).toBeVisible()
  await expect(page.getByText('Only a role allowed FAQ may change them.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Questions', level: 2 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New Question' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'New Article' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0)
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'faq-read-only')
})
