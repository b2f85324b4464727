import { expect, test, type Page } from '@playwright/test'
import type { CommunicationTemplate } from '@storageops/contracts/communications'
import { adminApi, rentedUnitsOf } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, expectUnsavedChangesDialog, screenshotBoth, signInAdmin } from './fixtures.ts'

const smsBody = (page: Page) => page.getByRole('textbox', { name: 'SMS Body' })
const emailBody = (page: Page) => page.getByRole('textbox', { name: 'Email Body' })

async function templateId(page: Page, name: string) {
  const templates = (await adminApi<CommunicationTemplate[]>(page, 'GET', '/api/communication_templates')).body
  return templates.find((template) => template.template_name === name)!.id
}

test('the templates list shows #, Template Name, a status with its dot and time, and Edit', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/communication-templates`)
  await expect(page.getByRole('heading', { level: 1, name: 'Communication Templates' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Communication templates' })
  await expect(table.getByRole('columnheader')).toHaveText(['#', 'Template Name', 'Status', 'Actions'])
  const row = table.getByRole('row', { name: /Lease Termination Notice/ })
  await expect(row).toContainText(/Operational\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/)
  for (const name of ['Auction Winner', 'Tenant Payment Link', 'Rate Change Notice'])
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-communication-templates')
  await row.getByRole('button', { name: 'Edit Lease Termination Notice' }).click()
  await expect(page).toHaveURL(/\/communication-templates\/\d+$/)
  await expect(page.getByRole('textbox', { name: 'Template Name' })).toHaveValue('Lease Termination Notice')
  await expect(page.getByRole('textbox', { name: 'Template Name' })).toHaveAttribute('readonly', '')
})

test("the SMS body counts 'n / 160', ignores typing beyond 160, shows segments and offers the curly-quote fix", async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/communication-templates/${await templateId(page, 'Rate Change Notice')}`)
  await smsBody(page).fill('Your rent changes soon.')
  await expect(page.getByTestId('sms-counter')).toHaveText('23 / 160')
  await smsBody(page).fill('a'.repeat(158))
  await smsBody(page).pressSequentially('bcdef')
  await expect(smsBody(page)).toHaveValue(`${'a'.repeat(158)}bc`)
  await expect(page.getByTestId('sms-counter')).toHaveText('160 / 160')
  await expect(page.getByTestId('sms-segments')).toHaveText('GSM-7 · 1 segment (160 per segment)')
  await smsBody(page).fill('It’s “due” — {{ unit_no }}')
  await expect(page.getByTestId('sms-segments')).toHaveText('UCS-2 · 1 segment (70 per segment)')
  await expect(page.getByText('’ “ ” — make the text UCS-2')).toBeVisible()
  await page.getByRole('button', { name: 'Use plain quotes and dashes' }).click()
  await expect(smsBody(page)).toHaveValue('It\'s "due" - {{ unit_no }}')
  await expect(page.getByTestId('sms-segments')).toHaveText('GSM-7 · 1 segment (160 per segment)')
  await expectAccessible(page, { exclude: ['iframe[sandbox]'] })
  await screenshotBoth(page, 'admin-communication-template-edit')
})

test('an unknown placeholder is named as you type and Save stays off; a blank Email Subject is refused on Save; a good edit saves with the spec message', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/communication-templates/${await templateId(page, 'Rate Change Notice')}`)
  const original = await emailBody(page).inputValue()
  await emailBody(page).fill('<p>Hi {{ tenant.middle_name }}</p>')
  await expect(page.getByText('unknown placeholder {{ tenant.middle_name }}')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  const subject = page.getByRole('textbox', { name: 'Email Subject' })
  const originalSubject = await subject.inputValue()
  await emailBody(page).fill(original)
  await subject.fill('   ')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Email Subject is required.' })).toBeVisible()
  await expect(subject).toBeFocused()
  await subject.fill(originalSubject)
  await emailBody(page).fill(`${original}\n<p>See you soon, {{ tenant.first_name }}.</p>`)
  await smsBody(page).fill('{{ company.name }}: rent for {{ unit_no }} is {{ new_rent }} from {{ effective_date }}.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Communication Templates updated successfully.')).toBeVisible()
  const saved = (
    await adminApi<CommunicationTemplate>(
      page,
      'GET',
      page.url().replace(ADMIN_URL, '/api').replace('/communication-templates/', '/communication_templates/'),
    )
  ).body
  expect(saved.email_body).toContain('See you soon, {{ tenant.first_name }}.')
  await page.getByRole('link', { name: 'Back', exact: true }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/communication-templates`)
})

test('the preview runs in a sandboxed frame: a script, an onerror and a javascript: link in a template never run', async ({
  page,
}) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/communication-templates/${await templateId(page, 'Auction Winner')}`)
  await emailBody(page).fill(
    '<p id="hello">Hello {{ winner.full_name }}</p><script>alert("script"); parent.document.title = "pwned"</script>' +
      '<img src="/nope.png" onerror="alert(\'onerror\')"><a id="bad" href="javascript:alert(\'link\')">click</a>',
  )
  const frameElement = page.getByTitle('Email body preview')
  await expect(frameElement).toHaveAttribute('sandbox', '')
  const frame = page.frameLocator('iframe[title="Email body preview"]')
  await expect(frame.locator('#hello')).toHaveText('Hello James Carter')
  await frame.locator('#bad').click()
  await page.waitForTimeout(500)
  expect(dialogs).toEqual([])
  expect(await page.title()).not.toBe('pwned')
})

test('leaving Edit Template with unsaved edits asks first and saves nothing', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/communication-templates/${await templateId(page, 'Auction Winner')}`)
  const original = await smsBody(page).inputValue()
  await smsBody(page).fill('You won the auction. Call us.')
  const back = page.getByRole('link', { name: 'Back', exact: true })
  const dialog = await expectUnsavedChangesDialog(page, back, '1 field changed, not saved yet.', {
    exclude: ['iframe[sandbox]'],
  })
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(smsBody(page)).toHaveValue('You won the auction. Call us.')
  await back.click()
  await dialog.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/communication-templates`)
  const templates = (await adminApi<CommunicationTemplate[]>(page, 'GET', '/api/communication_templates')).body
  expect(templates.find((template) => template.template_name === 'Auction Winner')?.sms_body).toBe(original)
})

test("an unknown template shows 'Template not found' and goes back to the list", async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/communication-templates/99999`)
  await expect(page.getByText('Template not found')).toBeVisible()
  await expect(page).toHaveURL(`${ADMIN_URL}/communication-templates`)
})

test('while a batch of the template is going out, Edit Template says so and that it keeps its text; then it is gone', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAdmin(page)
  const { facility, oneUnitPerTenant } = await rentedUnitsOf(page, 3)
  // Notices go out 0.2 s apart in the journeys: 60 tenants keep the batch going for the length of this check.
  const submitted = await adminApi(page, 'POST', '/api/notices/lease_termination_notice', {
    locationCode: facility,
    unit_numbers: oneUnitPerTenant.slice(0, 60),
    termination_type: 'Non-renewal',
    form_date: new Date(Date.now() + 40 * 86_400_000).toLocaleDateString('en-CA'),
    time: '10:00',
    reason_and_notes: 'Other - Facility closing',
  })
  expect(submitted.status).toBe(202)
  await page.goto(`${ADMIN_URL}/communication-templates/${await templateId(page, 'Lease Termination Notice')}`)
  const notice = page.getByRole('status').filter({ hasText: 'Still going out' })
  await expect(notice).toContainText(
    /^Still going outA batch of this template is still going out \(\d+ notices? left\)\. They keep the text they were submitted with; what you save here applies to what is submitted after\.$/,
  )
  await expectAccessible(page, { exclude: ['iframe[sandbox]'] })
  await screenshotBoth(page, 'admin-communication-template-still-going-out')
  await expect(notice).toHaveCount(0, { timeout: 90_000 })
})
