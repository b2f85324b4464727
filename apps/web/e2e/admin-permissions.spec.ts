import { expect, test } from '@playwright/test'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

const PERMISSION_REQUIRED = "Permission required! You're not authorized for this page."

test("a page the role may not open shows 'Permission required! You're not authorized for this page.'", async ({
  page,
}) => {
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  for (const path of ['/users', '/roles', '/states/new', '/homepage', '/settings/3']) {
    await page.goto(`${ADMIN_URL}${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PERMISSION_REQUIRED)
  }
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-permission-required')
})

test('User Roles is for superadmins only', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.goto(`${ADMIN_URL}/roles`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PERMISSION_REQUIRED)
})

test('the gate covers built and not-yet-built pages of the route table alike', async ({ page }) => {
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  await page.goto(`${ADMIN_URL}/tenant-rate-upload/logs`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PERMISSION_REQUIRED)
  await page.goto(`${ADMIN_URL}/lease-terminations/history`)
  await expect(page.getByRole('heading', { level: 1, name: 'Lease Terminations History' })).toBeVisible()
})

test('every page of the route table is built: none says coming soon any more', async ({ page }) => {
  await signInAdmin(page)
  for (const [path, title] of [
    ['/marketing-features', 'Marketing Features'],
    ['/faq', 'FAQ'],
    ['/homepage', 'Homepage'],
  ] as const) {
    await page.goto(`${ADMIN_URL}${path}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('Coming soon', { exact: true })).toHaveCount(0)
  }
})

test('an unknown path shows the fallback page', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/no-such-page/really`)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-fallback')
  await page.getByRole('link', { name: 'Back To Main Page' }).first().click()
  await expect(page.getByRole('heading', { name: 'Internal website for Superadmin!' })).toBeVisible()
})

test('a location code or facility slug in another case leads to its own; any other path is exact (issue 34)', async ({
  page,
}) => {
  await signInAdmin(page)
  for (const [typed, canonical, heading] of [
    ['/locations/tx104/cms_edit', '/locations/TX104/cms_edit', /TX104/],
    ['/locations/tx104/unit_types', '/locations/TX104/unit_types', /Unit Types/],
    ['/locations/Tx104/map_edit', '/locations/TX104/map_edit', /^Facility Map/],
    ['/snapshot/Houston-TX-102', '/snapshot/houston-tx-102', /Houston East #102/],
  ] as const) {
    await page.goto(`${ADMIN_URL}${typed}`)
    await expect(page, typed).toHaveURL(`${ADMIN_URL}${canonical}`)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
  for (const path of ['/LOCATIONS', '/locations/', '/Snapshot/houston-tx-102']) {
    await page.goto(`${ADMIN_URL}${path}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible()
  }
})

test('the superadmin opens every planned page', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/gate-code-rotation`)
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Update Gate Codes' })).toBeVisible()
  await page.goto(`${ADMIN_URL}/homepage`)
  await expect(page.getByRole('heading', { level: 1, name: 'Homepage' })).toBeVisible()
})
