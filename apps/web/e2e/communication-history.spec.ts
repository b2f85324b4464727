import { expect, test } from '@playwright/test'
import type { CommunicationsPage } from '@storageops/contracts/communications'
import type { LeaseTerminationsPage } from '@storageops/contracts/lease-terminations'
import { adminApi, rentedUnitsOf } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

test('Communication History pages by 20 and shows each message as the tenant got it: the subject sent, a sandboxed email Preview, the text of an SMS', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAdmin(page)
  // A notice to one tenant puts an email and a text in the outbox.
  await page.goto(`${ADMIN_URL}/communication-history`)
  const { facility, rented: units } = await rentedUnitsOf(page, 1)
  const history = async () =>
    (await adminApi<CommunicationsPage>(page, 'GET', '/api/communications?limit=20&offset=0')).body.rows
  // Journeys before this one (auction winners, rate notices) leave messages of their own: wait for this notice's.
  const before = Math.max(0, ...(await history()).map((row) => row.id))
  const submitted = await adminApi(page, 'POST', '/api/notices/lease_termination_notice', {
    locationCode: facility,
    unit_numbers: [units[0]!.UnitNumber[0]],
    termination_type: 'Termination',
    form_date: new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('en-CA'),
    time: '09:00',
    reason_and_notes: 'Breach of Lease: Damage to the unit or facility',
  })
  expect(submitted.status).toBe(202)
  await expect
    .poll(
      async () =>
        (await history())
          .filter((row) => row.id > before && (row.status === 'sent' || row.status === 'delivered'))
          .map((row) => row.method)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(['email', 'sms'])
  expect((await adminApi<LeaseTerminationsPage>(page, 'GET', '/api/lease_terminations')).body.count).toBeGreaterThan(0)

  const request = page.waitForRequest((candidate) => candidate.url().includes('/api/communications?'))
  await page.reload()
  expect((await request).url()).toContain('limit=20&offset=0')
  const table = page.getByRole('table', { name: 'Communication history' })
  await expect(table.getByRole('columnheader')).toHaveText([
    'id',
    'Sent At',
    'Facility',
    'Type',
    'Email/Phone',
    'Template',
    'Status',
    'Preview',
  ])
  const email = table
    .getByRole('row')
    .filter({ hasText: /@example\.com/ })
    .filter({ hasText: 'Notice of lease' })
    .first()
  await expect(email).toContainText('success')
  await expect(email).toContainText('Notice of lease termination')
  await expect(email).not.toContainText('{{')
  const sms = table
    .getByRole('row')
    .filter({ hasText: /\+1\d{10}/ })
    .filter({ hasText: 'Lease Termination Notice' })
    .first()
  await expect(sms).not.toContainText('Empty')
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-communication-history')

  await sms.getByRole('button', { name: /Preview message \d+/ }).click()
  const text = page.getByRole('dialog')
  await expect(text.getByRole('heading', { name: 'Lease Termination Notice' })).toBeVisible()
  await expect(text).toContainText(/\/notice\/\d+\?/)
  await screenshotBoth(page, 'admin-communication-history-sms-preview')
  await page.keyboard.press('Escape')
  await expect(text).toHaveCount(0)

  await email.getByRole('button', { name: /Preview message \d+/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '')
  await expect(dialog.frameLocator('iframe').getByText('This is formal notice')).toBeVisible()
  await screenshotBoth(page, 'admin-communication-history-preview')
})
