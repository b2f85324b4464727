import { expect, test } from '@playwright/test'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

test('toggling a permission saves at once and changes what the role sees', async ({ page, browser }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/roles`)
  const faq = page.getByRole('checkbox', { name: 'Customer Service: FAQ' })
  await expect(faq).not.toBeChecked()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-roles')
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/roles') && response.request().method() === 'PUT',
  )
  // The box follows the role's saved data (checked once the change is applied), not the click itself: click, then
  // wait for what the user sees — Playwright's check() reads the state right after its click.
  await faq.click()
  await expect(faq).toBeChecked()
  expect((await saved).status()).toBe(200)
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Customer Service: FAQ' })).toBeChecked()

  const csContext = await browser.newContext()
  const csPage = await csContext.newPage()
  await signInAdmin(csPage, 'cs@example.com', 'cs-demo')
  await expect(csPage.getByRole('link', { name: /FAQ/ })).toBeVisible()
  await csContext.close()

  await page.getByRole('checkbox', { name: 'Customer Service: FAQ' }).click()
  await expect(page.getByRole('checkbox', { name: 'Customer Service: FAQ' })).not.toBeChecked()
  await expect
    .poll(
      async () =>
        (await adminApi<Array<{ name: string; allowed_pages: string[] }>>(page, 'GET', '/api/roles')).body.find(
          (role) => role.name === 'Customer Service',
        )?.allowed_pages,
    )
    .toEqual(['/locations', '/snapshot', '/lease-terminations'])
})

test('a superadmin role has every page and its boxes cannot be changed', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/roles`)
  await expect(page.getByRole('checkbox', { name: 'Superadmin: Users' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Superadmin: Users' })).toBeDisabled()
})

test('Create Role, Edit Role and delete after the confirmation', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/roles`)
  await page.getByRole('button', { name: 'Create Role' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Role' })
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all the required fields.')
  await dialog.getByLabel('Name').fill('Marketing Team')
  await screenshotBoth(page, 'admin-role-modal')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('columnheader', { name: /Marketing Team/ })).toBeVisible()

  await page.getByRole('button', { name: 'Edit Marketing Team' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Role' })
  await edit.getByLabel('Name').fill('Marketing')
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByRole('button', { name: 'Edit Marketing' })).toBeVisible()

  await page.getByRole('button', { name: 'Delete Marketing' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete role' })
  await expect(confirm).toContainText('Are you sure you want to delete this role?')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Role was successfully deleted')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit Marketing' })).toHaveCount(0)
})

test('a role in use cannot be deleted: "You can\'t delete this role since this role is being used by users."', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/roles`)
  await page.getByRole('button', { name: 'Delete Customer Service' }).click()
  await expect(page.getByText("You can't delete this role since this role is being used by users.")).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test("a failed roles load shows the server's message, or 'Error occurred while fetching roles'", async ({ page }) => {
  await signInAdmin(page)
  let body = JSON.stringify({ error: 'unavailable', message: 'The roles are being moved.' })
  await page.route('**/api/roles', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 503, contentType: 'application/json', body })
      : route.fallback(),
  )
  await page.goto(`${ADMIN_URL}/roles`)
  await expect(page.getByRole('alert')).toHaveText('The roles are being moved.')
  body = ''
  await page.reload()
  await expect(page.getByRole('alert')).toHaveText('Error occurred while fetching roles')
})

test("a refused Create Role shows the server's message, or 'Error occurred while creating new role'", async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/roles`)
  let body = JSON.stringify({ error: 'unavailable', message: 'Roles are frozen for the audit.' })
  await page.route('**/api/roles', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body })
      : route.fallback(),
  )
  await page.getByRole('button', { name: 'Create Role' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Role' })
  await dialog.getByLabel('Name').fill('Night Audit')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Roles are frozen for the audit.')
  body = ''
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Error occurred while creating new role')
})
