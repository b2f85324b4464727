import { expect, test, type Page } from '@playwright/test'
import { DECLARED_RESOURCES } from '@storageops/contracts/content/declared-resources'
import { formValuesOf, joinedMessages } from '@storageops/contracts/fields'
import type { RecordsPage } from '@storageops/contracts/list-query'
import {
  RESOURCE_PAGE_SIZE,
  editScreenOf,
  hasNumericKey,
  listScreenOf,
  type AnyResource,
} from '@storageops/contracts/resource'
import { RESOURCE_SCREENS } from '../src/app/routes/admin/resource-screens.ts'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

/**
 * One journey per declared resource (DESIGN §9), driven by its declaration: list → create (the
 * required messages in one banner, 'Saving...', the create failure text) → edit (the update failure
 * text with the server's reason) → delete after the confirmation → an invalid record's message and the
 * way back to the list → 'Permission required!' for a role without the page. Every declaration served
 * by the generic screens (RESOURCE_SCREENS) gets the same journey.
 */

const run = Date.now().toString(36)

/** The demo login whose role is allowed a declaration's page: the Content Editor for the website's content. */
const LOGIN_FOR_PAGE: Record<string, [email: string, password: string]> = {
  '/ecri': ['admin@example.com', 'admin-demo'],
}
const signInAllowed = (page: Page, declaration: AnyResource) =>
  signInAdmin(page, ...(LOGIN_FOR_PAGE[declaration.page] ?? ['editor@example.com', 'editor-demo']))
const textKinds = ['text', 'textarea', 'markdown', 'image', 'url', 'email', 'phone']
const numberKinds = ['integer', 'number', 'coordinate']
const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

const input = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true })
const banner = (page: Page) => page.locator('form').getByRole('alert')

/**
 * `${word} ${base}` when the field takes such a text, else `${word}-${base}` lower-cased (names and keys that
 * are addresses: a page's name, a filter key).
 */
function variant(declaration: AnyResource, field: string, word: string, base: string) {
  const spaced = `${word} ${base}`.trim()
  const schema = declaration.create.shape[field] ?? declaration.update.shape[field]
  return schema?.safeParse(spaced).success ? spaced : `${word}-${base}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

const withScreens = DECLARED_RESOURCES.filter((declaration) =>
  RESOURCE_SCREENS.some(({ screen }) => screen === declaration.screen),
)

test('every generic resource screen has a declaration to walk', () => {
  const screens = (list: readonly { screen: string }[]) => list.map(({ screen }) => screen).sort()
  expect(screens(withScreens)).toEqual(screens(RESOURCE_SCREENS))
})

for (const declaration of withScreens) {
  const { labels, messages, screen } = declaration
  const list = listScreenOf(declaration)
  // A list beside another on its screen (FAQ's questions and library) is headed by an h2 under the screen's h1.
  const listLevel = list === screen ? 1 : 2
  const subjectField = declaration.fields.find((field) => field.kind === 'text')!
  const editField =
    declaration.fields.find((field) => field.kind === 'textarea' || field.kind === 'markdown') ??
    [...declaration.fields].reverse().find((field) => field.kind === 'text' && field !== subjectField)!
  const editShown = declaration.columns.some((column) => 'key' in column && column.key === editField.key)
  const example: Record<string, unknown> = declaration.example
  const values: Record<string, unknown> = {
    ...example,
    [subjectField.key]: variant(declaration, subjectField.key, asText(example[subjectField.key]), run),
  }
  const saved = declaration.create.parse(values) as Record<string, string>
  const subject = saved[subjectField.key]!
  const escaped = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  /** A paged list (`list`) shows the record once searched for; a list read whole shows every record. */
  const findRecord = async (page: Page) => {
    if (!declaration.list) return
    await page.getByRole('searchbox', { name: `Search ${labels.plural.toLowerCase()}` }).fill(subject)
    await expect(page).toHaveURL(/[?&]q=/)
  }

  test(`${labels.plural}: list, create, edit and delete with confirmation, by a role allowed ${declaration.page}`, async ({
    page,
  }) => {
    test.slow(declaration.fields.length > 6, 'a long form')
    await signInAllowed(page, declaration)
    if (!hasNumericKey(declaration)) {
      const freed = await adminApi(
        page,
        'DELETE',
        `${declaration.api}/${encodeURIComponent(String(saved[declaration.key]))}`,
      )
      expect([200, 404]).toContain(freed.status)
    }
    await page.goto(`${ADMIN_URL}${list}`)
    await expect(page.getByRole('heading', { name: labels.plural, level: listLevel })).toBeVisible()
    // Loaded: its table, or the empty state of a declaration with no demo records.
    await expect(
      page
        .getByRole('table', { name: labels.plural })
        .or(page.getByText(new RegExp(`^No ${labels.plural.toLowerCase()} yet`))),
    ).toBeVisible()
    await expectAccessible(page)
    await screenshotBoth(page, `resource-${declaration.name}-list`)

    await page.getByRole('link', { name: labels.create }).click()
    await expect(page).toHaveURL(`${ADMIN_URL}${screen}/new`)
    await expect(page.getByRole('heading', { name: labels.create, level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Save' }).click()
    const blank = declaration.create.safeParse(formValuesOf(declaration.fields))
    const required = joinedMessages(blank.error!.issues.map((issue) => issue.message))
    await expect(banner(page)).toHaveText(required)
    await expectAccessible(page)
    await screenshotBoth(page, `resource-${declaration.name}-required`)

    for (const field of declaration.fields) {
      const value = values[field.key]
      if (textKinds.includes(field.kind)) await input(page, field.label).fill(asText(value))
      else if (value !== undefined && numberKinds.includes(field.kind))
        await input(page, field.label).fill(asText(value))
      else if (value !== undefined && field.kind === 'select') {
        await page.getByRole('combobox', { name: field.label, exact: true }).click()
        const option = field.options!.find((candidate) => candidate.value === value)!
        await page.getByRole('option', { name: option.label, exact: true }).click()
      }
    }
    await expect(banner(page)).toHaveCount(0)
    await page.route(`**${declaration.api}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.continue(),
    )
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(banner(page)).toHaveText(messages.createFailed)
    await page.unroute(`**${declaration.api}`)

    // The POST is held a moment so the saving state can be seen.
    await page.route(
      `**${declaration.api}`,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400))
        await route.continue()
      },
      { times: 1 },
    )
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled()
    await expect(page.getByText(messages.created ?? messages.saved)).toBeVisible()
    await expect(page).toHaveURL(`${ADMIN_URL}${list}`)
    await findRecord(page)
    const row = page.getByRole('row', { name: new RegExp(escaped) })
    await expect(row).toBeVisible()
    // The columns are checked with the new record in it: a declaration with no demo records opens on its empty state.
    const table = page.getByRole('table', { name: labels.plural })
    for (const column of declaration.columns)
      await expect(table.getByRole('columnheader', { name: column.label, exact: true })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible()

    await row.getByRole('button', { name: `Edit ${subject}` }).click()
    await expect(page).toHaveURL(new RegExp(`${editScreenOf(declaration, 'KEY').replace('KEY', '[^/]+')}$`))
    await expect(page.getByRole('heading', { name: labels.edit, level: 1 })).toBeVisible()
    await expect(input(page, subjectField.label)).toHaveValue(subject)
    const blanked = { ...formValuesOf(declaration.fields, saved) }
    const cleared = declaration.fields.filter(
      (field) => field.required && !field.readOnlyOnEdit && textKinds.includes(field.kind),
    )
    if (cleared.length > 0) {
      for (const field of cleared) {
        blanked[field.key] = ''
        await input(page, field.label).fill('')
      }
      await page.getByRole('button', { name: 'Save' }).click()
      const editRequired = declaration.update.safeParse(blanked).error!.issues.map((issue) => issue.message)
      await expect(banner(page)).toHaveText(joinedMessages(editRequired))
      await page.reload()
      await expect(input(page, subjectField.label)).toHaveValue(subject)
    }
    const marker = variant(declaration, editField.key, 'Edited', run)
    const edited = variant(declaration, editField.key, 'Edited', `${run}: ${saved[editField.key]}`)
    await input(page, editField.label).fill(edited)
    // The edit's write, whichever call it is (pages: POST /api/pages with the id), is refused once.
    const ownApi = (url: URL) => url.pathname.startsWith(declaration.api)
    await page.route(ownApi, (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'conflict', message: 'Someone else saved this record first.' }),
          }),
    )
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(banner(page)).toContainText(messages.updateFailed)
    await expect(banner(page)).toContainText('Someone else saved this record first.')
    await page.unroute(ownApi)
    await expectAccessible(page)
    await screenshotBoth(page, `resource-${declaration.name}-edit`)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(messages.saved).last()).toBeVisible()
    await expect(page).toHaveURL(`${ADMIN_URL}${list}`)
    await findRecord(page)
    if (editShown) await expect(row).toContainText(marker)
    else {
      await row.getByRole('button', { name: `Edit ${subject}` }).click()
      await expect(input(page, editField.label)).toHaveValue(edited)
      await page.getByRole('link', { name: 'Cancel' }).click()
    }

    await row.getByRole('button', { name: `Delete ${subject}` }).click()
    const confirm = page.getByRole('dialog', { name: `Delete ${labels.singular.toLowerCase()}` })
    await expect(confirm).toContainText(messages.confirmDelete)
    await settled(confirm)
    await expectAccessible(page)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: `Delete ${subject}` }).click()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText(messages.deleted)).toBeVisible()
    await expect(row).toHaveCount(0)
  })

  test(`${labels.plural}: a save based on an old read is refused (412), naming who changed what`, async ({ page }) => {
    await signInAllowed(page, declaration)
    const body = { ...values, [subjectField.key]: variant(declaration, subjectField.key, 'Stale', subject) }
    const elsewhere = variant(declaration, editField.key, 'Saved elsewhere', run)
    const created = await adminApi<Record<string, unknown>>(page, 'POST', declaration.api, body)
    expect(created.status).toBe(201)
    const path = `${declaration.api}/${String(created.body[declaration.key])}`
    await page.goto(`${ADMIN_URL}${editScreenOf(declaration, String(created.body[declaration.key]))}`)
    await expect(input(page, subjectField.label)).toHaveValue(String(created.body[subjectField.key]))
    expect((await adminApi(page, 'PUT', path, { ...body, [editField.key]: elsewhere })).status).toBe(200)
    await input(page, editField.label).fill(variant(declaration, editField.key, 'Saved here', run))
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(banner(page)).toContainText(messages.updateFailed)
    await expect(banner(page)).toContainText(
      `changed this ${labels.singular.toLowerCase()} since you opened it (${editField.label}).`,
    )
    expect((await adminApi<Record<string, unknown>>(page, 'GET', path)).body[editField.key]).toBe(elsewhere)
    expect((await adminApi(page, 'DELETE', path)).status).toBe(200)
  })

  test(`${labels.plural}: an invalid record says '${messages.notFound}' and returns to the list`, async ({ page }) => {
    await signInAdmin(page)
    for (const key of ['999999', 'not-a-key']) {
      await page.goto(`${ADMIN_URL}${editScreenOf(declaration, key)}`)
      await expect(page.getByText(messages.notFound)).toBeVisible()
      await expect(page).toHaveURL(`${ADMIN_URL}${list}`)
      await expect(page.getByRole('heading', { name: labels.plural, level: listLevel })).toBeVisible()
    }
  })

  test(`${labels.plural}: a role without ${declaration.page} gets Permission required`, async ({ page }) => {
    await signInAdmin(page, 'cs@example.com', 'cs-demo')
    for (const path of [list, `${screen}/new`, editScreenOf(declaration, 1)]) {
      await page.goto(`${ADMIN_URL}${path}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        "Permission required! You're not authorized for this page.",
      )
    }
    await expectAccessible(page)
    await screenshotBoth(page, `resource-${declaration.name}-forbidden`)
  })
}

for (const declaration of withScreens.filter((candidate) => candidate.list)) {
  const { labels } = declaration
  const plural = labels.plural.toLowerCase()
  const path = listScreenOf(declaration)
  const subject = declaration.columns.find((column) => column.kind === undefined || column.kind === 'text')!
  const subjectKey = 'key' in subject ? subject.key : declaration.key
  const [, sortKey = declaration.list!.sorts[0]] = declaration.list!.sorts
  const sortLabel = declaration.columns.find((column) => 'key' in column && column.key === sortKey)!.label

  test(`${labels.plural}: ${RESOURCE_PAGE_SIZE} a page from the server, search, sort and page kept in the URL`, async ({
    page,
  }) => {
    // Five page loads, a reload, two screenshots at both sizes and an accessibility scan: 30–49 s at load 18.
    test.setTimeout(90_000)
    await signInAllowed(page, declaration)
    type Row = Record<string, unknown>
    const all = (await adminApi<Row[]>(page, 'GET', declaration.api)).body
    expect(all.length).toBeGreaterThan(RESOURCE_PAGE_SIZE)
    await page.goto(`${ADMIN_URL}${path}`)
    const table = page.getByRole('table', { name: labels.plural })
    const rows = table.getByRole('row')
    await expect(rows).toHaveCount(RESOURCE_PAGE_SIZE + 1)
    await expect(page.getByText(`${all.length} ${plural}`, { exact: true })).toBeVisible()
    await expect(rows.nth(1)).toContainText(asText(all[0]![subjectKey]))

    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(`${ADMIN_URL}${path}?page=2`)
    await expect(rows.nth(1)).toContainText(asText(all[RESOURCE_PAGE_SIZE]![subjectKey]))

    const query = `sort=${sortKey}&order=desc&limit=1&offset=${RESOURCE_PAGE_SIZE}`
    const [secondPageFirst] = (await adminApi<RecordsPage<Row>>(page, 'GET', `${declaration.api}?${query}`)).body.rows
    const header = table.getByRole('columnheader', { name: sortLabel, exact: true })
    await header.getByRole('button').click()
    await expect(page).toHaveURL(`${ADMIN_URL}${path}?sort=${sortKey}`)
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    await header.getByRole('button').click()
    await expect(header).toHaveAttribute('aria-sort', 'descending')
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(`${ADMIN_URL}${path}?sort=${sortKey}&order=desc&page=2`)
    await expect(rows.nth(1)).toContainText(asText(secondPageFirst![subjectKey]))
    await page.reload()
    await expect(rows.nth(1)).toContainText(asText(secondPageFirst![subjectKey]))
    await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')

    // A search starts again at page 1, keeps the sort and counts only its matches.
    const needle = asText(all[0]![subjectKey]).slice(0, 3)
    const found = (await adminApi<RecordsPage<Row>>(page, 'GET', `${declaration.api}?q=${needle}&limit=1`)).body.count
    await page.getByRole('searchbox', { name: `Search ${plural}` }).fill(needle)
    await expect(page).toHaveURL(`${ADMIN_URL}${path}?sort=${sortKey}&order=desc&q=${needle}`)
    const noun = found === 1 ? labels.singular.toLowerCase() : plural
    await expect(page.getByText(`${found} ${noun} found for “${needle}”`)).toBeVisible()
    await expect(rows).toHaveCount(Math.min(found, RESOURCE_PAGE_SIZE) + 1)
    await expectAccessible(page)
    await screenshotBoth(page, `resource-${declaration.name}-searched`)

    await page.getByRole('searchbox', { name: `Search ${plural}` }).fill('no such record anywhere')
    await expect(page.getByText(`No ${labels.singular.toLowerCase()} matches the search.`)).toBeVisible()
  })
}

test("a server 400 naming several fields shows every message in one banner, joined with '. ', and marks each field", async ({
  page,
}) => {
  await signInAdmin(page)
  // The server's own answer to a review with the three required fields blank (issue 34: its `errors` lists all).
  const refused = await adminApi<{ errors: unknown[] }>(page, 'POST', '/api/reviews', {
    name: ' ',
    location: ' ',
    description: ' ',
  })
  expect([refused.status, refused.body.errors.length]).toEqual([400, 3])
  await page.goto(`${ADMIN_URL}/reviews/new`)
  const filled: Array<[string, string]> = [
    ['Name', 'A reviewer'],
    ['Location', 'Austin North #100'],
    ['Description', 'Clean units.'],
  ]
  for (const [label, value] of filled) await input(page, label).fill(value)
  await page.route('**/api/reviews', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refused.body) }),
  )
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(banner(page)).toContainText('Name is required. Location is required. Description is required')
  for (const label of ['Name', 'Location', 'Description'])
    await expect(input(page, label)).toHaveAttribute('aria-invalid', 'true')
  await expect(input(page, 'Name')).toBeFocused()
  await expectAccessible(page)
  await screenshotBoth(page, 'resource-review-server-errors')
})
