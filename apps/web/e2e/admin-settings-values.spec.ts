import { expect, test } from '@playwright/test'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

const MESSAGE = 'Overlock days must be a whole number of days from 0 to 120.'

test('a walkthrough setting refuses a value that is not whole days under Value before saving (issue 31)', async ({
  page,
}) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  const [setting] = (
    await adminApi<Array<{ id: number; value: string }>>(page, 'GET', '/api/settings?name=walkthrough_overlock_days')
  ).body
  let writes = 0
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/settings/')) writes++
  })
  await page.goto(`${ADMIN_URL}/settings/${setting!.id}`)
  const value = page.getByRole('textbox', { name: 'Value', exact: true })
  await expect(value).toHaveValue(setting!.value)
  await value.fill('2.5')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(MESSAGE).first()).toBeVisible()
  await expect(value).toHaveAttribute('aria-invalid', 'true')
  expect(writes).toBe(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-setting-overlock-days-refused')
  expect(
    (await adminApi<Array<{ value: string }>>(page, 'GET', '/api/settings?name=walkthrough_overlock_days')).body,
  ).toEqual([expect.objectContaining({ value: setting!.value })])
})
