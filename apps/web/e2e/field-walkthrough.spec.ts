import { expect, test, type Page } from '@playwright/test'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'
import type { LockChecksDue, Walkthrough, WalkthroughList } from '@storageops/contracts/walkthroughs'
import { expectAccessible, FIELD_URL, screenshotBoth, settled, signInField } from './fixtures.ts'
import { taskApi } from './tasks-api.ts'

/** Facilities of these journeys only: CO124 (one floor, 327 units), WA129, GA174 (one floor each). */
const WALKED = { code: 'CO124', slug: 'denver-co-124' }
const OFFLINE = { code: 'WA129', slug: 'spokane-wa-129' }
const FULL = { code: 'GA174', slug: 'atlanta-ga-174' }

const panel = (page: Page) => page.getByRole('region', { name: /^Unit / })
const doorButtons = (page: Page) => page.getByRole('group', { name: /^What the door of unit/ })
/** The unit list's filter: All, To check or Discrepancies. */
const showUnits = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'Units shown' }).getByText(name, { exact: true }).click()
const walkthroughOf = async (page: Page, id: number) =>
  (await taskApi<Walkthrough>(page, 'GET', `/api/walkthroughs/${id}`)).body

test.describe('a facility walkthrough at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('started from the facility, one tap records a door and the next unit comes up at once; a discrepancy becomes a task linking back', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await signInField(page, 'pmanager')
    await page.goto(`${FIELD_URL}/${WALKED.slug}`)
    await page.getByRole('link', { name: 'Walkthroughs' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Walkthroughs' })).toBeVisible()
    await expect(page.getByText('No walkthroughs yet')).toBeVisible()
    await expectAccessible(page)
    await screenshotBoth(page, 'field-walkthroughs-empty')

    await page.getByRole('button', { name: 'Start walkthrough' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /^Walkthrough #\d+$/ })).toBeVisible()
    const id = Number(/walkthroughs\/(\d+)$/.exec(page.url())![1])
    const started = await walkthroughOf(page, id)
    const toCheck = started.units.filter((unit) => unit.expected !== 'skip')
    const [first, second, third] = toCheck
    await expect(panel(page).getByRole('heading', { level: 2, name: `Unit ${first!.unit_no}` })).toBeVisible()
    await expect(page.getByText(`0 of ${toCheck.length} units checked`)).toBeVisible()
    const expectedLabel = { tenant_lock: 'Tenant lock', overlock: 'Overlock', company_lock: 'Company lock' } as const
    await expect(
      panel(page).getByText(`Expects: ${expectedLabel[first!.expected as keyof typeof expectedLabel]}`),
    ).toBeVisible()

    // The door as expected: one tap, and the next unit is there.
    await doorButtons(page)
      .getByRole('button', { name: expectedLabel[first!.expected as keyof typeof expectedLabel], exact: true })
      .click()
    await expect(panel(page).getByRole('heading', { level: 2, name: `Unit ${second!.unit_no}` })).toBeVisible()
    await expect(page.getByText(`1 of ${toCheck.length} units checked`)).toBeVisible()

    // An open door: a discrepancy, with a note.
    await panel(page).getByRole('button', { name: 'Add serial, note or photo' }).click()
    await panel(page).getByLabel('Note').fill('Door rolled up, unit empty')
    await doorButtons(page).getByRole('button', { name: 'No lock / open' }).click()
    await expect(panel(page).getByRole('heading', { level: 2, name: `Unit ${third!.unit_no}` })).toBeVisible()
    await expect(page.getByText('1 discrepancy')).toBeVisible()

    await showUnits(page, 'Discrepancies')
    const list = page.getByTestId('walkthrough-units')
    await expect(list.getByText(`Unit ${second!.unit_no}`)).toBeVisible()
    await expect(list.getByText('Unit not secured')).toBeVisible()
    await expect.poll(async () => (await walkthroughOf(page, id)).checked_count).toBe(2)

    await settled(page.getByRole('main'))
    await expectAccessible(page)
    await screenshotBoth(page, 'field-walkthrough-walking', { fullPage: false })

    // Tapping a unit of the list makes it the one to check.
    await showUnits(page, 'All')
    await page.getByRole('button', { name: `Check unit ${first!.unit_no}` }).click()
    await expect(panel(page).getByRole('heading', { level: 2, name: `Unit ${first!.unit_no}` })).toBeVisible()
    await expect(panel(page).getByText(/^Recorded: /)).toContainText('Parker Dawson')

    await page.getByRole('button', { name: 'Finish walkthrough' }).click()
    const dialog = page.getByRole('dialog', { name: 'Finish walkthrough' })
    await expect(dialog).toContainText(
      `${toCheck.length - 2} units are not checked. It will not count as a full walkthrough.`,
    )
    await settled(dialog)
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Finish walkthrough' }).click()

    await expect(page.getByText('Partial')).toBeVisible()
    await expect(page.getByText(`2 of ${toCheck.length}`)).toBeVisible()
    await expect(page.getByText('Unit not secured 1')).toBeVisible()
    await showUnits(page, 'Discrepancies')
    const taskLink = page.getByTestId('walkthrough-units').getByRole('link', { name: /Unit not secured \(task #\d+\)/ })
    await expect(taskLink).toBeVisible()
    await settled(page.getByRole('main'))
    await expectAccessible(page)
    await screenshotBoth(page, 'field-walkthrough-results')

    await taskLink.click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Unit not secured')
    await expect(page.getByText('Door rolled up, unit empty')).toBeVisible()
    await page.getByRole('link', { name: `Walkthrough #${id}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Walkthrough #${id}` })).toBeVisible()

    const archive = await taskApi<WalkthroughList>(page, 'GET', `/api/walkthroughs?location_code=${WALKED.code}`)
    expect(archive.body.rows[0]).toMatchObject({ id, status: 'finished', full: false, checked_count: 2 })
    await page.goto(`${FIELD_URL}/snapshot/${WALKED.code}/walkthroughs`)
    await expect(page.getByRole('button', { name: 'Start walkthrough' })).toBeVisible()
    await expectAccessible(page)
    await screenshotBoth(page, 'field-walkthroughs-archive')
  })
})

test.describe('offline and on two phones', () => {
  test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } })

  test('doors recorded offline show at once, wait on the phone and sync exactly once; paused on one phone, resumed on another', async ({
    browser,
    context,
    page,
  }) => {
    test.setTimeout(120_000)
    await signInField(page, 'csagent')
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.goto(`${FIELD_URL}/snapshot/${OFFLINE.code}/walkthroughs`)
    await page.getByRole('button', { name: 'Start walkthrough' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /^Walkthrough #\d+$/ })).toBeVisible()
    const id = Number(/walkthroughs\/(\d+)$/.exec(page.url())![1])
    const toCheck = (await walkthroughOf(page, id)).units.filter((unit) => unit.expected !== 'skip')

    await context.setOffline(true)
    for (const unit of toCheck.slice(0, 3)) {
      await expect(panel(page).getByRole('heading', { level: 2, name: `Unit ${unit.unit_no}` })).toBeVisible()
      await doorButtons(page).getByRole('button', { name: 'Other', exact: true }).click()
    }
    await expect(panel(page).getByRole('heading', { level: 2, name: `Unit ${toCheck[3]!.unit_no}` })).toBeVisible()
    await expect(page.getByText('3 of', { exact: false }).first()).toBeVisible()
    await expect(page.getByText('3 doors waiting to sync')).toBeVisible()
    await expect(page.getByText(/^Offline: doors are kept on this device/)).toBeVisible()
    await settled(page.getByRole('main'))
    await expectAccessible(page)
    await screenshotBoth(page, 'field-walkthrough-offline', { fullPage: false })

    // Opened again offline: the walkthrough comes from the phone, the doors waiting are laid over it.
    await page.reload()
    await expect(panel(page).getByRole('heading', { level: 2, name: `Unit ${toCheck[3]!.unit_no}` })).toBeVisible()
    await expect(page.getByText(`3 of ${toCheck.length} units checked`)).toBeVisible()

    await context.setOffline(false)
    await expect(page.getByText('3 doors waiting to sync')).toHaveCount(0, { timeout: 20_000 })
    const synced = await walkthroughOf(page, id)
    expect(synced.checked_count).toBe(3)
    expect(synced.units.filter((unit) => unit.observation_count > 0).map((unit) => unit.observation_count)).toEqual([
      1, 1, 1,
    ])
    expect(synced.walkers.map((walker) => walker.username)).toEqual(['csagent'])

    await page.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByText('This walkthrough is paused. Resume it, or record a door to carry on.')).toBeVisible()

    // Another phone, another user: the archive offers the walkthrough under way; it is resumed there.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const phone = await other.newPage()
    await signInField(phone, 'rmanager')
    await phone.goto(`${FIELD_URL}/snapshot/${OFFLINE.code}/walkthroughs`)
    await phone.getByRole('link', { name: 'Resume walkthrough' }).click()
    await expect(phone.getByText('This walkthrough is paused. Resume it, or record a door to carry on.')).toBeVisible()
    await expect(phone.getByText(`3 of ${toCheck.length} units checked`)).toBeVisible()
    await phone.getByRole('button', { name: 'Resume walkthrough' }).click()
    await expect(phone.getByRole('button', { name: 'Pause' })).toBeVisible()
    await expect(panel(phone).getByRole('heading', { level: 2, name: `Unit ${toCheck[3]!.unit_no}` })).toBeVisible()
    await doorButtons(phone).getByRole('button', { name: 'Other', exact: true }).click()
    await expect
      .poll(async () => (await walkthroughOf(phone, id)).walkers.map((walker) => walker.username))
      .toEqual(['csagent', 'rmanager'])
    await other.close()
  })
})

/** Starts a walkthrough of `code` and records every unit to check as expected, then finishes it: a full one. */
async function walkInFull(page: Page, code: string) {
  const started = await taskApi<Walkthrough>(page, 'POST', '/api/walkthroughs', { location_code: code })
  expect(started.status).toBe(201)
  const { id, units } = started.body
  const observations = units
    .filter((unit) => unit.expected !== 'skip')
    .map((unit) => ({ client_id: crypto.randomUUID(), unit_no: unit.unit_no, observed: unit.expected }))
  expect((await taskApi(page, 'POST', `/api/walkthroughs/${id}/observations`, { observations })).status).toBe(200)
  const finished = await taskApi<Walkthrough>(page, 'POST', `/api/walkthroughs/${id}/finish`, {})
  expect(finished.body.full).toBe(true)
  return id
}

test('a full walkthrough sets the Dashboard Last Full WalkThrough, which links to it', async ({ page }) => {
  test.setTimeout(90_000)
  await signInField(page, 'pmanager')
  const id = await walkInFull(page, FULL.code)
  const row = (await taskApi<FacilityOverviewRow[]>(page, 'GET', '/api/facilities/overview')).body.find(
    (entry) => entry.site_code === FULL.code,
  )!
  expect(row.last_full_walkthrough).toEqual({ id })

  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  // The Dashboard draws only the rows in view (issue 30): find the facility first.
  await page.getByRole('searchbox', { name: 'Search the facility table' }).fill(FULL.code)
  const link = page.getByRole('link', { name: new RegExp(`^Last full walkthrough of ${FULL.code}`) })
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: `Walkthrough #${id}` })).toBeVisible()
  await expect(page.getByText('Full walkthrough')).toBeVisible()
})

test.describe('lock checks due at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('from the Dashboard: facilities without a full walkthrough in the cadence, paged, searched and sorted on the server', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await signInField(page, 'pmanager')
    await walkInFull(page, FULL.code)
    const secondPage = (await taskApi<LockChecksDue>(page, 'GET', '/api/walkthroughs/due?offset=25')).body
    expect(secondPage.count).toBeGreaterThan(25)

    await page.goto(`${FIELD_URL}/snapshot/dashboard`)
    await page.getByRole('link', { name: 'Lock checks due' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Lock checks due' })).toBeVisible()
    await expect(page.getByText('Facilities without a full walkthrough in the last 7 days')).toBeVisible()
    await expect(page.getByText(`${secondPage.count.toLocaleString('en-US')} facilities due`)).toBeVisible()
    await settled(page.getByRole('main'))
    await expectAccessible(page)
    await screenshotBoth(page, 'field-lock-checks-due')

    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(page.getByRole('link', { name: secondPage.rows[0]!.facility_name, exact: true })).toBeVisible()

    const search = page.getByRole('searchbox', { name: 'Search facilities' })
    await search.fill(WALKED.code)
    await expect(page).toHaveURL(new RegExp(`[?&]q=${WALKED.code}`))
    await expect(page.getByText(`1 facility due matching “${WALKED.code}”`)).toBeVisible()
    // Every field of the phone card carries its column's label, "Never" too.
    const card = page.getByRole('list', { name: 'Facilities due a lock check' }).getByRole('listitem')
    await expect(card.getByRole('link', { name: /Denver/ })).toBeVisible()
    await expect(card.getByRole('term')).toHaveText([
      'Site Code',
      'City',
      'State',
      'Last full walkthrough',
      'Walkthrough',
    ])
    await expect(card.getByRole('definition')).toHaveText([WALKED.code, 'Denver', 'CO', 'Never', 'Walkthroughs'])

    // Walked in full a moment ago: not due.
    await search.fill(FULL.code)
    await expect(page.getByText('No facility due matches the search.')).toBeVisible()
    await settled(page.getByRole('main'))
    await expectAccessible(page)
    await screenshotBoth(page, 'field-lock-checks-due-none')
  })
})
