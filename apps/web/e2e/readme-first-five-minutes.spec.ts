import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { ADMIN_URL, FIELD_URL, signInAdmin, signInField } from './fixtures.ts'

/** Logout loads /login afresh (the app may show its login route a moment before): waits for that page's load. */
async function logout(page: Page) {
  const loaded = page.waitForEvent('load')
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
  await loaded
  await expect(page).toHaveURL(`${ADMIN_URL}/login`)
}

// README's "The first five minutes", step by step with the texts it names: when one of them changes, so must the README.

test.describe('the field tool as pmanager', () => {
  test.beforeEach(async ({ page }) => {
    await signInField(page, 'pmanager')
  })

  test('1–2. search Austin, open Austin North #100 and its unit map, Get Combo Code with CL-100-001', async ({
    page,
  }) => {
    await page.getByPlaceholder('Search by Site Code or Address...').fill('Austin')
    await page.getByRole('link', { name: /^Austin North #100 \|/ }).click()
    await expect(page).toHaveURL(`${FIELD_URL}/austin-tx-100`)
    await expect(page.getByRole('heading', { name: 'Gate Access' })).toBeVisible()
    await page.goto(`${FIELD_URL}/austin-tx-100/map`)
    await expect(page.getByText(/^Rented \(\d+\)$/)).toBeVisible()
    await page.goto(`${FIELD_URL}/austin-tx-100`)
    await page.getByRole('button', { name: 'Get Combo Code' }).click()
    const dialog = page.getByRole('dialog', { name: 'Get Combo Code' })
    await dialog.getByLabel('Serial Number').fill('CL-100-001')
    await dialog.getByRole('button', { name: 'Get Code' }).click()
    await expect(dialog.getByText('Combo code for CL-100-001')).toBeVisible()
  })

  test('3. a task of TX100 gets a note and is closed; Task Overview', async ({ page }) => {
    await page.goto(`${FIELD_URL}/snapshot/facility-tasks/TX100`)
    await page.getByTestId('task-card').first().click()
    await expect(page).toHaveURL(/\/snapshot\/task-details\/TX100\/\d+$/)
    const note = page.getByRole('textbox', { name: 'Note' })
    await note.fill('Checked on the first tour.')
    await page.getByRole('button', { name: 'Add Note' }).click()
    await expect(page.getByText('Note added.')).toBeVisible()
    await note.fill('Done on the first tour.')
    await page.getByRole('button', { name: 'Close Task' }).click()
    await page.getByRole('dialog', { name: 'Close Task' }).getByRole('button', { name: 'Yes, close it' }).click()
    await expect(page.getByText('Task closed.')).toBeVisible()
    await page.goto(`${FIELD_URL}/snapshot/tasks-overview`)
    await expect(page.getByRole('heading', { level: 1, name: 'Task Overview' })).toBeVisible()
  })

  test('4. New inspection from the Dashboard; an inspection of TX100 is in its archive', async ({ page }) => {
    await page.goto(`${FIELD_URL}/snapshot/dashboard`)
    await page.getByRole('link', { name: 'New inspection' }).click()
    await expect(page).toHaveURL(`${FIELD_URL}/snapshot/inspection`)
    await page.goto(`${FIELD_URL}/snapshot/TX100/brands-report/new`)
    await page.getByLabel('Photos of Street Signage').setInputFiles({
      name: 'sign.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2f5d7c' } })
        .jpeg()
        .toBuffer(),
    })
    await page.getByRole('textbox', { name: 'Notes' }).fill('First tour: only the sign photographed.')
    await page.getByRole('button', { name: 'Submit report' }).click()
    await expect(page).toHaveURL(/\/snapshot\/TX100\/brands-report\/\d+$/)
    const reportPath = new URL(page.url()).pathname
    await page.goto(`${FIELD_URL}/snapshot/TX100/brands-report/archive`)
    await expect(page.locator(`a[href="${reportPath}"]`).first()).toBeVisible()
  })
})

test('5. the admin console: the superadmin sees every page, a Content Editor and Customer Service fewer; Office 365 is offered', async ({
  page,
}) => {
  await signInAdmin(page)
  for (const name of ['User Roles', 'Users', 'Gate Code Rotation'])
    await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible()
  for (const [email, password, shown, hidden] of [
    ['editor@example.com', 'editor-demo', 'Blogs', 'Users'],
    ['cs@example.com', 'cs-demo', 'Lease Terminations', 'Blogs'],
  ] as const) {
    await logout(page)
    await signInAdmin(page, email, password)
    const main = page.getByRole('main')
    await expect(main.getByText(shown, { exact: true })).toBeVisible()
    await expect(main.getByText(hidden, { exact: true })).toHaveCount(0)
  }
  await logout(page)
  await expect(page.getByRole('button', { name: 'Login with Office 365' })).toBeVisible()
})
