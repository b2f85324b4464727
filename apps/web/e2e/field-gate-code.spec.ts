import { expect, test } from '@playwright/test'
import path from 'node:path'
import { expectAccessible, SCREENSHOT_DIR, screenshotBoth, signInField } from './fixtures.ts'

const isMonotonic = (code: string) => {
  const digits = [...code].map(Number)
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!)
  return steps.every((step) => step > 0) || steps.every((step) => step < 0)
}

test('Generate Gate Code shows a six-digit code and Generate new code draws another', async ({ page }) => {
  await signInField(page)
  // A short page behind the modal keeps the full-page screenshots small.
  await page.getByPlaceholder('Search by Site Code or Address...').fill('NY209')
  await page.getByRole('banner').getByRole('button', { name: 'Generate Gate Code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gate Code' })
  await expect(dialog).toBeVisible()
  const code = dialog.getByText(/^\d{6}$/)
  const first = (await code.textContent())!
  expect(Number(first)).toBeGreaterThanOrEqual(100001)
  expect(Number(first)).toBeLessThanOrEqual(999998)
  expect(isMonotonic(first)).toBe(false)
  await expectAccessible(page)
  await screenshotBoth(page, 'field-gate-code-modal')

  const seen = new Set([first])
  for (let i = 0; i < 5; i++) {
    await dialog.getByRole('button', { name: 'Generate new code' }).click()
    const next = (await code.textContent())!
    expect(next).toMatch(/^\d{6}$/)
    expect(isMonotonic(next)).toBe(false)
    seen.add(next)
  }
  // Six draws from almost 900,000 codes: repeats are vanishingly rare, so a stuck code fails here.
  expect(seen.size).toBeGreaterThan(1)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('on a phone the header actions sit in a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInField(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible()
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'field-phone-menu-phone.png') })
  await page.getByRole('menuitem', { name: 'Generate Gate Code' }).click()
  await expect(page.getByRole('dialog', { name: 'Gate Code' }).getByText(/^\d{6}$/)).toBeVisible()
})

test('the header links to the dashboard', async ({ page }) => {
  await signInField(page)
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/snapshot\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await screenshotBoth(page, 'field-coming-soon')
  await page
    .getByRole('banner')
    .getByRole('link', { name: /StorageOps Snapshot/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Facility Search' })).toBeVisible()
})

test('the desktop header links to the Task Overview (issue 34)', async ({ page }) => {
  await signInField(page)
  await page.getByRole('banner').getByRole('link', { name: 'Task Overview' }).click()
  await expect(page).toHaveURL(/\/snapshot\/tasks-overview$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Task Overview' })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-header-task-overview', { fullPage: false })
})
