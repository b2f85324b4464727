import { expect, test } from '@playwright/test'
import type { TenantSearchResult, TenantUnit } from '@storageops/contracts/settlements'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

test('Tenant Settlements: search by email and phone, see the units, send a payment link within the balance', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/tenant-settlements`)
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant Settlements' })).toBeVisible()
  await page.getByRole('button', { name: 'Search Tenant' }).click()
  await expect(page.getByText('Please fill in all the required fields.').first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@nowhere.example')
  await page.getByRole('button', { name: 'Search Tenant' }).click()
  await expect(page.getByText('Not found', { exact: true }).first()).toBeVisible()

  // A tenant of the demo data (seed/tenants.ts: first.last.id@example.com), searched by email, then by phone.
  const { body: list } = await adminApi<{
    Unit: Array<{ UnitStatus: string[]; TenantId: string[]; TenantName: string[] }>
  }>(page, 'POST', '/api/ssm', {
    service_name: 'GetUnitsList',
    xml_body: { strLocationCode: 'TX100', strSearchType: '4', strSearchString: '', strSortType: '0' },
  })
  const rented = list.Unit.find((unit) => unit.UnitStatus[0] === 'Rented' && /^\S+ \S+$/.test(unit.TenantName[0]!))!
  const email = `${rented.TenantName[0]!.replace(' ', '.')}.${rented.TenantId[0]}@example.com`.toLowerCase()
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('button', { name: 'Search Tenant' }).click()
  await expect(page.getByRole('heading', { name: rented.TenantName[0]! }).first()).toBeVisible()
  const { body: found } = await adminApi<TenantSearchResult[]>(
    page,
    'GET',
    `/api/tenant_settlements/search?type=email&query=${encodeURIComponent(email)}`,
  )
  const tenant = found[0]
  expect(tenant).toBeTruthy()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-tenant-settlements')

  await page.locator('label', { hasText: /^SMS$/ }).click()
  await expect(page.getByRole('radio', { name: 'SMS' })).toBeChecked()
  await page.getByRole('textbox', { name: 'Phone' }).fill(tenant!.CellPhone)
  await page.getByRole('button', { name: 'Search Tenant' }).click()
  const panel = page.getByRole('heading', { name: `${tenant!.FirstName} ${tenant!.LastName}` }).first()
  await expect(panel).toBeVisible()
  const { body: leases } = await adminApi<TenantUnit[]>(
    page,
    'GET',
    `/api/tenant_settlements/units?id=${tenant!.TenantID}&locationCode=${tenant!.locationCode}`,
  )
  const owing = leases.find((lease) => lease.balance > 1 && !lease.live_link)
  test.skip(!owing, 'the tenant owes nothing')
  const table = page.getByRole('table', { name: `Units of ${tenant!.FirstName} ${tenant!.LastName}` }).first()
  await expect(table.getByRole('columnheader', { name: 'LeaseNumber' })).toBeVisible()
  await expect(table.getByRole('cell', { name: owing!.UnitNumber, exact: true })).toBeVisible()
  const amount = page.getByLabel(`Settlement amount for unit ${owing!.UnitNumber}`).first()
  const sendButton = page.getByRole('button', { name: `Send payment link for unit ${owing!.UnitNumber}` }).first()
  await expect(sendButton).toBeDisabled()
  await amount.fill(String(Math.floor(owing!.balance) + 5))
  await sendButton.click()
  await expect(page.getByText(/cannot be above the balance of/).first()).toBeVisible()
  await amount.fill('1')
  await sendButton.click()
  await expect(page.getByText('Link sent successfully').first()).toBeVisible()
  await expect(table.getByText(/\$1\.00 until/)).toBeVisible()
})
