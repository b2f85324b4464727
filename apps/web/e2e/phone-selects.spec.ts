import { devices, expect, test, type Locator, type Page } from '@playwright/test'
import path from 'node:path'
import { ADMIN_URL, SCREENSHOT_DIR, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

/**
 * Selects and date pickers inside modals on a phone (issue 18): Chromium's mobile emulation with touch. The list
 * must open next to its input and the layout viewport must keep the screen's width (it used to widen frame after
 * frame while the list jumped about, so no user could be created from a phone).
 */

/** Taps `input` and expects the popup `list` beside it, on screen, with the page as wide as the screen throughout. */
async function expectListInPlace(page: Page, input: Locator, list: Locator) {
  const screenWidth = page.viewportSize()!.width
  await page.evaluate(() => {
    const widths: number[] = []
    const started = performance.now()
    const sample = () => {
      widths.push(window.innerWidth, document.documentElement.scrollWidth)
      if (performance.now() - started < 800) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
    ;(window as unknown as { listOpenWidths: number[] }).listOpenWidths = widths
  })
  await input.tap()
  await expect(list).toBeVisible()
  await page.waitForFunction(() => (window as unknown as { listOpenWidths: number[] }).listOpenWidths.length > 40)
  await page.waitForTimeout(850)
  const widths = await page.evaluate(() => (window as unknown as { listOpenWidths: number[] }).listOpenWidths)
  expect(Math.max(...widths)).toBe(screenWidth)
  const field = (await input.boundingBox())!
  const popup = (await list.boundingBox())!
  expect(popup.x).toBeGreaterThanOrEqual(0)
  expect(popup.x + popup.width).toBeLessThanOrEqual(screenWidth)
  expect(Math.abs(popup.x - field.x)).toBeLessThan(12)
  const below = popup.y - (field.y + field.height)
  const above = field.y - (popup.y + popup.height)
  expect(Math.min(Math.abs(below), Math.abs(above))).toBeLessThan(24)
}

// Both profiles run in Chromium (the project's browser); iPhone 13's profile would otherwise ask for WebKit.
const { defaultBrowserType: _pixelBrowser, ...pixel7 } = devices['Pixel 7']
const { defaultBrowserType: _iphoneBrowser, ...iphone13 } = devices['iPhone 13']

for (const [name, device] of [
  ['Pixel 7', pixel7],
  ['iPhone 13', iphone13],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use(device)

    test('a user is created and edited from a phone: the Role list opens in place', async ({ page }) => {
      const email = `phone.${name.replace(' ', '').toLowerCase()}.${Date.now()}@example.com`
      await signInAdmin(page)
      await page.goto(`${ADMIN_URL}/users`)
      await page.getByRole('button', { name: 'Create User' }).tap()
      const create = page.getByRole('dialog', { name: 'Create User' })
      await create.getByLabel('Email').fill(email)
      await create.getByLabel('Password').fill('harbor-point-42')
      await create.getByLabel('First name').fill('Phone')
      await create.getByLabel('Last name').fill(name)
      const role = create.getByRole('combobox', { name: 'Role' })
      await expectListInPlace(page, role, page.getByRole('listbox', { name: 'Role' }))
      await expectAccessible(page)
      if (name === 'iPhone 13') await page.screenshot({ path: screenshotPath('phone-user-role-list') })
      await page.getByRole('option', { name: 'Customer Service' }).tap()
      await expect(role).toHaveValue('Customer Service')
      await create.getByRole('button', { name: 'Create' }).tap()
      await expect(page.getByText('Account created successfully')).toBeVisible()

      await page.getByRole('button', { name: `Edit ${email}` }).tap()
      const edit = page.getByRole('dialog', { name: 'Edit User' })
      const editRole = edit.getByRole('combobox', { name: 'Role' })
      await expect(editRole).toHaveValue('Customer Service')
      await expectListInPlace(page, editRole, page.getByRole('listbox', { name: 'Role' }))
      await page.getByRole('option', { name: 'Content Editor' }).tap()
      await edit.getByRole('button', { name: 'Update' }).tap()
      await expect(page.getByText('Account updated successfully')).toBeVisible()
      await expect(page.getByText(email).locator('xpath=ancestor::*[.//button][1]')).toContainText('Content Editor')
    })

    test('the Create new auction date pickers open in place, their calendar named and readable', async ({ page }) => {
      await signInAdmin(page)
      await page.goto(`${ADMIN_URL}/auctions`)
      await page.getByRole('button', { name: 'Create new auction' }).tap()
      const dialog = page.getByRole('dialog', { name: 'Create new auction' })
      const start = dialog.getByRole('button', { name: 'Start date' })
      await settled(dialog)
      await expectAccessible(page)
      const calendar = page.getByRole('dialog', { name: 'Start date calendar' })
      await expectListInPlace(page, start, calendar)
      if (name === 'iPhone 13') await page.screenshot({ path: screenshotPath('phone-auction-date-picker') })
      // With the calendar open: the popup and its header buttons are named, weekend and outside-month days readable.
      const month = calendar.getByRole('button', { name: 'Choose the month' })
      const shown = await month.innerText()
      await calendar.getByRole('button', { name: 'Next month' }).tap()
      await expect(month).not.toHaveText(shown)
      await calendar.getByRole('button', { name: 'Previous month' }).tap()
      await expect(month).toHaveText(shown)
      await settled(calendar)
      await expectAccessible(page)
    })
  })
}

test('desktop and phone screenshots of the Create User modal', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/users`)
  await page.getByRole('button', { name: 'Create User' }).click()
  await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible()
  await screenshotBoth(page, 'phone-selects-create-user', { fullPage: false })
})

const screenshotPath = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`)
