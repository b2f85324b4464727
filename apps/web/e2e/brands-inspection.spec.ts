import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { formatDate, noPhotosText } from '@storageops/contracts/brand-report-rules'
import {
  expectAccessible,
  expectLeavePrompt,
  expectUnsavedChangesDialog,
  FIELD_URL,
  screenshotBoth,
  signInField,
} from './fixtures.ts'
import { fieldGet, getFacilitiesOverview } from './brands-api.ts'
import type { BrandStandard } from '@storageops/contracts/brand-reports'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const photo = (color: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: color } })
    .jpeg({ quality: 70 })
    .toBuffer()

test('a property manager on a phone picks a facility, photographs the checklist, adds notes and submits; the report shows in the archive and on the dashboard', async ({
  page,
}) => {
  await signInField(page, 'pmanager')
  await page.goto(`${FIELD_URL}/snapshot/inspection`)
  await expect(page.getByRole('heading', { level: 1, name: 'New inspection' })).toBeVisible()
  const mine = page.getByRole('region', { name: 'Your facilities' }).getByRole('link')
  await expect(mine.first()).toBeVisible()
  const overview = await getFacilitiesOverview(page)
  const facility = overview.find((row) => row.primary_field_staff?.full_name === 'Parker Dawson')!
  await expectAccessible(page)
  await screenshotBoth(page, 'inspection-pick-facility')
  await page.getByRole('link', { name: `Inspect ${facility.facility_name}` }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/${facility.site_code}/brands-report/new`)
  await expect(page.getByRole('heading', { level: 1, name: 'Brand standards inspection' })).toBeVisible()

  const standards = await fieldGet<BrandStandard[]>(page, '/api/brands_reports/brand_standards')
  await expect(page.getByText(`0 of ${standards.length} standards photographed`)).toBeVisible()
  const colors = ['#2f5d7c', '#7c4a3a', '#4f7a5a', '#8a6f4d']
  // Every standard but the last gets a photo from the camera input.
  for (const [index, standard] of standards.slice(0, -1).entries()) {
    await page.getByLabel(`Photos of ${standard.name}`).setInputFiles({
      name: `s${index}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await photo(colors[index % colors.length]!),
    })
    await expect(page.getByRole('listitem', { name: standard.name }).locator('img')).toHaveCount(1)
  }
  await expect(page.getByText(`${standards.length - 1} of ${standards.length} standards photographed`)).toBeVisible()
  await expect(
    page.getByRole('listitem', { name: standards[0]!.name }).getByRole('button', { name: 'Add another photo' }),
  ).toBeVisible()
  await expect(
    page.getByRole('listitem', { name: standards.at(-1)!.name }).getByRole('button', { name: 'Take photo' }),
  ).toBeVisible()
  await screenshotBoth(page, 'inspection-checklist')

  // The last standard has no photo: notes must say why.
  await page.getByRole('button', { name: 'Submit report' }).click()
  const why = `Say in the notes why ${standards.at(-1)!.name} has no photos.`
  await expect(page.getByText(why).first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Notes' }).fill('Dumpster being replaced by the hauler today.')
  await page.getByRole('button', { name: 'Submit report' }).click()

  await expect(page).toHaveURL(new RegExp(`/snapshot/${facility.site_code}/brands-report/\\d+$`))
  await expect(page.getByText('Brand standards report submitted.')).toBeVisible()
  await expect(page.getByRole('main').getByText('Parker Dawson', { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByText(String(standards.length - 1), { exact: true })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('Dumpster being replaced by the hauler today.')
  await expect(page.getByText('Partial')).toBeVisible()
  await expect(page.getByText(`${noPhotosText([standards.at(-1)!.name])}.`, { exact: true })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'inspection-submitted')
  const reportId = Number(page.url().split('/').at(-1))

  await page.goto(`${FIELD_URL}/snapshot/${facility.site_code}/brands-report/archive`)
  const reports = page.getByRole('list', { name: 'Brand standards reports' }).getByRole('listitem')
  await expect(reports.first().getByRole('link')).toHaveAttribute(
    'href',
    `/snapshot/${facility.site_code}/brands-report/${reportId}`,
  )

  const row = (await getFacilitiesOverview(page)).find((entry) => entry.site_code === facility.site_code)!
  expect(row.last_brands_report).toEqual({ id: reportId })
  await page.goto(`${FIELD_URL}/snapshot/dashboard`)
  await expect(
    page.getByRole('link', {
      name: `Latest brand standards report of ${facility.site_code}, ${formatDate(row.last_brand_standards_at)}`,
    }),
  ).toBeVisible()
})

test('a checklist with no photo at all cannot be submitted', async ({ page }) => {
  await signInField(page, 'pmanager')
  const facility = (await getFacilitiesOverview(page))[5]!
  await page.goto(`${FIELD_URL}/snapshot/${facility.site_code}/brands-report/new`)
  await page.getByRole('button', { name: 'Submit report' }).click()
  await expect(page.getByText('Add a photo of at least one brand standard.')).toBeVisible()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/${facility.site_code}/brands-report/new`)
})

test('an inspection left mid-way on a phone asks first and comes back as a draft with its photos and notes; a non-image is refused when chosen', async ({
  page,
}) => {
  await signInField(page, 'pmanager')
  const facility = (await getFacilitiesOverview(page))[7]!
  const standards = await fieldGet<BrandStandard[]>(page, '/api/brands_reports/brand_standards')
  const [first, second] = standards as [BrandStandard, BrandStandard]
  const newReport = `${FIELD_URL}/snapshot/${facility.site_code}/brands-report/new`
  await page.goto(newReport)

  await page.getByLabel(`Photos of ${first.name}`).setInputFiles({
    name: 'lease.pdf',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  })
  const step = page.getByRole('listitem', { name: first.name })
  await expect(step.getByRole('alert')).toHaveText('lease.pdf is not a JPEG, PNG or HEIC photo.')
  await expect(step.locator('img')).toHaveCount(0)
  await expect(page.getByText(`0 of ${standards.length} standards photographed`)).toBeVisible()

  await page.getByLabel(`Photos of ${first.name}`).setInputFiles({
    name: 'first.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#2f5d7c'),
  })
  await expect(step.locator('img')).toHaveCount(1)
  await expect(step.getByRole('alert')).toHaveCount(0)
  await page.getByLabel(`Photos of ${second.name}`).setInputFiles({
    name: 'second.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo('#7c4a3a'),
  })
  await page.getByRole('textbox', { name: 'Notes' }).fill('Office light flickers.')

  // The breadcrumb asks first; leaving keeps the draft on the phone.
  const dialog = await expectUnsavedChangesDialog(
    page,
    page.getByRole('link', { name: 'Reports' }),
    'The report is not submitted yet. 2 photos and the notes stay on this phone as a draft until you come back.',
  )
  await screenshotBoth(page, 'inspection-leave-question', { fullPage: false })
  await dialog.getByRole('button', { name: 'Leave, keep draft' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/${facility.site_code}/brands-report/archive`)

  // Coming back brings the draft back; Back asks again, staying keeps everything.
  await page.getByRole('link', { name: 'New inspection' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Draft restored' })).toContainText(
    '2 photos and the notes from',
  )
  await page.goBack()
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(newReport)

  // A reload asks too; in a new tab, the old one closed without its prompt, the draft is still there. (A goto
  // through the accepted prompt is reported as aborted by Chromium although it goes on.)
  await expectLeavePrompt(page, () => page.reload())
  const tab = await page.context().newPage()
  await page.close({ runBeforeUnload: false })
  await tab.goto(newReport)
  await expect(tab.getByRole('alert').filter({ hasText: 'Draft restored' })).toContainText(
    '2 photos and the notes from',
  )
  await expect(tab.getByRole('listitem', { name: first.name }).locator('img')).toHaveCount(1)
  await expect(tab.getByRole('listitem', { name: second.name }).locator('img')).toHaveCount(1)
  await expect(tab.getByRole('textbox', { name: 'Notes' })).toHaveValue('Office light flickers.')
  await expect(tab.getByText(`2 of ${standards.length} standards photographed`)).toBeVisible()
  await expectAccessible(tab)
  await screenshotBoth(tab, 'inspection-draft-restored')

  // Discarding deletes the draft from the phone.
  await tab.getByRole('button', { name: 'Discard draft' }).click()
  const confirm = tab.getByRole('dialog', { name: 'Discard draft' })
  await expect(confirm).toContainText('2 photos and the notes of this inspection are deleted from this phone.')
  await confirm.getByRole('button', { name: 'Discard draft' }).click()
  await expect(tab.getByText(`0 of ${standards.length} standards photographed`)).toBeVisible()
  await tab.reload()
  await expect(tab.getByRole('heading', { level: 1, name: 'Brand standards inspection' })).toBeVisible()
  await expect(tab.getByText(`0 of ${standards.length} standards photographed`)).toBeVisible()
  await expect(tab.getByText('Draft restored')).toHaveCount(0)
})
