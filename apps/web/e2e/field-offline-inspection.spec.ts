import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { BrandStandard } from '@storageops/contracts/brand-reports'
import { expectAccessible, FIELD_URL, screenshotBoth, settled, signInField } from './fixtures.ts'
import { fieldGet, getFacilitiesOverview, getFacilityReports, locationIdOf } from './brands-api.ts'
import { readStore } from './device-storage.ts'

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const QUEUED = 'Saved on this device. It will be sent when the network returns.'
const DRAFTS_DB = 'storageops-inspection-drafts'

const photo = (color: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: color } })
    .jpeg({ quality: 70 })
    .toBuffer()
const syncPanel = (page: Page) => page.getByRole('region', { name: 'Changes made on this device' })
/** The inspection drafts on this phone, by key ('pmanager/CA120'); none when the database is gone. */
const draftKeys = (page: Page) => readStore(page, DRAFTS_DB, 'drafts')

async function photograph(page: Page, standard: BrandStandard, color: string) {
  await page.getByLabel(`Photos of ${standard.name}`).setInputFiles({
    name: `${standard.id}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await photo(color),
  })
  await expect(page.getByRole('listitem', { name: standard.name }).locator('img')).toHaveCount(1)
}

test('an inspection made offline waits with its photos, is sent once when the network returns, and its draft goes', async ({
  context,
  page,
}) => {
  test.setTimeout(120_000)
  await signInField(page, 'pmanager')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const site = (await getFacilitiesOverview(page)).at(-3)!.site_code
  const standards = await fieldGet<BrandStandard[]>(page, '/api/brands_reports/brand_standards')
  const locationId = await locationIdOf(page, site)
  const newReport = `${FIELD_URL}/snapshot/${site}/brands-report/new`
  const archive = `${FIELD_URL}/snapshot/${site}/brands-report/archive`
  const notes = `Dumpster lid broken, hauler called ${Date.now()}`

  // Read online first, so the service worker keeps the screens used offline.
  const archiveRead = page.waitForResponse((response) =>
    response.url().endsWith(`/api/brands_reports/facility_brands_reports/${locationId}`),
  )
  await page.goto(archive)
  await archiveRead
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto(newReport)
  await expect(page.getByText(`0 of ${standards.length} standards photographed`)).toBeVisible()

  await context.setOffline(true)
  await photograph(page, standards[0]!, '#2f5d7c')
  await photograph(page, standards[1]!, '#7c4a3a')
  await page.getByRole('textbox', { name: 'Notes' }).fill(notes)
  await page.getByRole('button', { name: 'Submit report' }).click()
  await expect(page.getByText(QUEUED).first()).toBeVisible()
  await expect(page).toHaveURL(archive)
  await expect(syncPanel(page).getByText('1 waiting to sync')).toBeVisible()
  await syncPanel(page).getByRole('button', { name: 'Show changes' }).click()
  const queued = syncPanel(page).getByRole('listitem', { name: `Inspection of ${site}` })
  await expect(queued).toContainText('2 photos')
  await expect(queued).toContainText(notes)
  await expect(queued).toContainText('Waiting')
  await settled(syncPanel(page))
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-inspection-waiting', { fullPage: false })
  expect(await draftKeys(page)).toEqual([`pmanager/${site}`])

  // A second inspection of the facility waits for the first.
  await page.goto(newReport)
  const notice = page.getByRole('alert').filter({ hasText: 'Inspection waiting to sync' })
  await expect(notice).toContainText('with 2 photos. It will be sent when the network returns')
  await expect(page.getByRole('button', { name: 'Submit report' })).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-inspection-second', { fullPage: false })

  await context.setOffline(false)
  await expect(syncPanel(page).getByText('Nothing waiting to sync')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('1 change synced.')).toBeVisible()
  const synced = page.getByRole('alert').filter({ hasText: 'Inspection synced' })
  await expect(synced).toBeVisible()
  await expect.poll(() => draftKeys(page)).toEqual([])
  const mine = (await getFacilityReports(page, locationId)).entries.filter((report) => report.notes === notes)
  expect(mine).toHaveLength(1)
  expect(mine[0]).toMatchObject({ photos_count: 2, completed: false })
  await expectAccessible(page)
  await screenshotBoth(page, 'field-offline-inspection-synced', { fullPage: false })

  await synced.getByRole('link', { name: 'Open report' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/${site}/brands-report/${mine[0]!.id}`)
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue(notes)
  await page.goto(newReport)
  await page.getByRole('button', { name: 'Start a new inspection' }).click()
  await expect(page.getByText(`0 of ${standards.length} standards photographed`)).toBeVisible()
  await expect(page.getByText('Draft restored')).toHaveCount(0)
})

test('logout and an expired session delete the inspection drafts on the phone', async ({ page }) => {
  test.setTimeout(90_000)
  await signInField(page, 'pmanager')
  const site = (await getFacilitiesOverview(page)).at(-4)!.site_code
  const standards = await fieldGet<BrandStandard[]>(page, '/api/brands_reports/brand_standards')
  const newReport = `${FIELD_URL}/snapshot/${site}/brands-report/new`

  await page.goto(newReport)
  await photograph(page, standards[0]!, '#4f7a5a')
  await expect.poll(() => draftKeys(page)).toEqual([`pmanager/${site}`])
  page.once('dialog', (prompt) => void prompt.accept())
  await page.goto(`${FIELD_URL}/`)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  const ask = page.getByRole('dialog', { name: 'Logout' })
  await expect(ask).toContainText(`The inspection draft of ${site} on this device will be deleted.`)
  await settled(ask)
  await expectAccessible(page)
  await screenshotBoth(page, 'field-logout-drafts', { fullPage: false })
  await ask.getByRole('button', { name: 'Stay signed in' }).click()
  expect(await draftKeys(page)).toEqual([`pmanager/${site}`])
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await ask.getByRole('button', { name: 'Logout and discard' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/login`)
  await expect.poll(() => draftKeys(page)).toEqual([])

  await signInField(page, 'pmanager')
  await page.goto(newReport)
  await expect(page.getByText(`0 of ${standards.length} standards photographed`)).toBeVisible()
  await expect(page.getByText('Draft restored')).toHaveCount(0)
  await photograph(page, standards[1]!, '#8a6f4d')
  await expect.poll(() => draftKeys(page)).toEqual([`pmanager/${site}`])

  // The session runs out while the phone keeps the draft: the next screen finds it expired and deletes it.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('snapshot_user')!) as { expires_at: string }
    localStorage.setItem('snapshot_user', JSON.stringify({ ...stored, expires_at: new Date(0).toISOString() }))
  })
  page.once('dialog', (prompt) => void prompt.accept())
  await page.goto(`${FIELD_URL}/`)
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => draftKeys(page)).toEqual([])
})
