import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, facilityResults, screenshotBoth, signInField } from './fixtures.ts'

const search = (page: Page) => page.getByPlaceholder('Search by Site Code or Address...')

test.beforeEach(async ({ page }) => {
  await signInField(page)
})

test('Facility Search lists every facility with the result line and links to its page', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Search' })).toBeVisible()
  await expect(page.getByText(/^\d+ facilities$/)).toBeVisible()
  const count = Number((await page.getByText(/^\d+ facilities$/).innerText()).split(' ')[0])
  expect(count).toBeGreaterThanOrEqual(150)
  // Every facility counts, only those near the view are drawn.
  await expect(page.getByRole('table', { name: 'Facilities' })).toHaveAttribute('aria-rowcount', String(count + 1))
  expect(await facilityResults(page).count()).toBeLessThan(40)
  const albany = page.getByRole('link', { name: 'Albany Station #209 | 7797 Sunset Pkwy, Albany, NY 12201' })
  await expect(albany).toHaveAttribute('href', '/albany-ny-209')
  await expectAccessible(page)
  await screenshotBoth(page, 'field-search')
})

test('search filters by location code, city and zip, ignoring case', async ({ page }) => {
  await search(page).fill('ny209')
  await expect(facilityResults(page)).toHaveCount(1)
  await expect(facilityResults(page).first()).toContainText('Albany Station #209 | 7797 Sunset Pkwy, Albany, NY 12201')

  await search(page).fill('BAKERSFIELD')
  await expect(facilityResults(page)).toHaveCount(2)
  for (const text of await facilityResults(page).allTextContents()) expect(text).toMatch(/\| .*, Bakersfield, CA \d{5}/)

  await search(page).fill('12201')
  await expect(facilityResults(page)).toHaveCount(1)
  await expect(page.getByText('1 of 150 facilities match “12201”')).toBeVisible()

  await search(page).fill('sunset pkwy')
  const count = await facilityResults(page).count()
  expect(count).toBeGreaterThanOrEqual(1)
  for (const text of await facilityResults(page).allTextContents()) expect(text.toLowerCase()).toContain('sunset pkwy')
  await screenshotBoth(page, 'field-search-filtered')
})

test('the search is kept in the address: a reload or a shared link shows the same results', async ({ page }) => {
  await search(page).fill('bakersfield')
  await expect(facilityResults(page)).toHaveCount(2)
  await expect(page).toHaveURL(/[?&]q=bakersfield/)
  await page.reload()
  await expect(search(page)).toHaveValue('bakersfield')
  await expect(facilityResults(page)).toHaveCount(2)
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(/\/\??$/)
})

test('on a phone each facility is a card with its code, View Tasks and the result line; the last is reached by scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const cards = page.getByRole('list', { name: 'Facilities' }).getByRole('listitem')
  await expect(cards.first()).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
  const total = Number(await cards.first().getAttribute('aria-setsize'))
  expect(total).toBeGreaterThanOrEqual(150)
  expect(await cards.count()).toBeLessThan(20)
  const box = page.getByTestId('facility-results')
  await box.evaluate((element) => element.scrollTo(0, element.scrollHeight))
  await expect(cards.last()).toHaveAttribute('aria-posinset', String(total))
  await expect(cards.last().getByRole('link', { name: /^View Tasks/ })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-search-phone-cards', { fullPage: false })
})

test('each result offers View Tasks on the snapshot host', async ({ page }) => {
  await search(page).fill('NY209')
  await expect(facilityResults(page)).toHaveCount(1)
  await expect(facilityResults(page).getByRole('link', { name: /^View Tasks/ })).toHaveAttribute(
    'href',
    '/snapshot/facility-tasks/NY209',
  )
})

test('a search that matches nothing says so', async ({ page }) => {
  await search(page).fill('zzz-no-such-place')
  await expect(page.getByText('No facilities match “zzz-no-such-place”')).toBeVisible()
  await expect(facilityResults(page)).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'field-search-empty')
})

test('the facility list is kept on the device and shown from there on the next visit', async ({ page }) => {
  await expect(facilityResults(page).first()).toBeVisible()
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('snapshot_locations') ?? 'null'))
  expect(saved.locations.length).toBeGreaterThanOrEqual(150)
  expect(Date.now() - saved.saved_at).toBeLessThan(60_000)

  let listRequests = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/locations') listRequests++
  })
  await page.reload()
  await expect(facilityResults(page).first()).toBeVisible()
  // Fresher than five minutes: shown from the device without asking the server again.
  expect(listRequests).toBe(0)
})

test('a saved list older than five minutes is asked for again with its ETag: unchanged, a 304 downloads nothing', async ({
  page,
}) => {
  await expect(facilityResults(page).first()).toBeVisible()
  const etag = await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('snapshot_locations') ?? 'null') as { saved_at: number; etag: string }
    localStorage.setItem('snapshot_locations', JSON.stringify({ ...saved, saved_at: Date.now() - 6 * 60_000 }))
    return saved.etag
  })
  expect(etag).toMatch(/^".+"$/)
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/locations')
  await page.reload()
  const answer = await asked
  expect(await answer.request().headerValue('if-none-match')).toBe(etag)
  expect(answer.status()).toBe(304)
  await expect(facilityResults(page).first()).toBeVisible()
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('snapshot_locations') ?? 'null'))
  expect(Date.now() - saved.saved_at).toBeLessThan(60_000)
  expect(saved.etag).toBe(etag)
})
