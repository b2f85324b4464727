import { expect, test, type Page } from '@playwright/test'
import type { FacilityDetails, GateCodeEntry } from '@storageops/contracts/facilities'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { adminApi } from './admin-api.ts'
import { ADMIN_URL, expectAccessible, screenshotBoth, settled, signInAdmin } from './fixtures.ts'

const WAIT_TEXT = 'This should take a few minutes to update all facilities. Please wait…'

const card = (page: Page, name: string) => page.getByRole('region', { name })
const currentCode = (page: Page, name: string) => card(page, name).getByTestId('current-code')

async function codes(page: Page) {
  return (await adminApi<GateCodeEntry[]>(page, 'GET', '/api/gate_code_rotation/gate_codes')).body
}

async function waitForRotation(page: Page) {
  await expect
    .poll(
      async () =>
        (await adminApi<GateCodeRotation | null>(page, 'GET', '/api/gate_code_rotation/rotations/latest')).body?.status,
      { timeout: 60_000 },
    )
    .not.toBe('running')
}

test('the three gate codes show their current code and last update', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/gate-code-rotation`)
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Update Gate Codes' })).toBeVisible()
  const entries = await codes(page)
  for (const entry of entries) {
    await expect(currentCode(page, entry.name)).toHaveText(entry.currentCode)
    await expect(card(page, entry.name)).toContainText(/Last update: \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/)
    await expect(card(page, entry.name).getByRole('button', { name: 'Rotate code' })).toBeEnabled()
  }
  await expect(page.getByRole('button', { name: 'Rotate All' })).toBeEnabled()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-gate-code-rotation')
})

test('Rotate code disables every button with the wait text, then reports success and shows the new code', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/gate-code-rotation`)
  const before = (await codes(page)).find((entry) => entry.name === 'Emergency Code')!
  await expect(currentCode(page, 'Emergency Code')).toHaveText(before.currentCode)

  await card(page, 'Emergency Code').getByRole('button', { name: 'Rotate code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rotate Emergency Code' })
  await expect(dialog).toContainText("Every facility's gate gets a new Emergency Code now")
  await settled(dialog)
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-gate-code-rotate-confirm')
  await dialog.getByRole('button', { name: 'Rotate code' }).click()
  await expect(page.getByText(WAIT_TEXT)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Rotate All' })).toBeDisabled()
  await expect(card(page, 'Temp Code').getByRole('button', { name: 'Rotate code' })).toBeDisabled()
  await screenshotBoth(page, 'admin-gate-code-rotating')

  await expect(page.getByRole('alert').filter({ hasText: 'Rotate successfully for: Emergency Code' })).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByText(WAIT_TEXT)).toHaveCount(0)
  await expect(currentCode(page, 'Emergency Code')).not.toHaveText(before.currentCode)
  await expect(currentCode(page, 'Emergency Code')).toHaveText(/^\d{6}$/)
  await expect(page.getByRole('button', { name: 'Rotate All' })).toBeEnabled()
  await expectAccessible(page)
  await screenshotBoth(page, 'admin-gate-code-rotated')
})

test('Rotate All rotates the three codes at every facility', async ({ page }) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/gate-code-rotation`)
  const before = await codes(page)
  await page.getByRole('button', { name: 'Rotate All' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rotate all codes' })
  await expect(dialog).toContainText("Every facility's gate gets a new Auction Winner, Emergency Code, Temp Code now")
  await dialog.getByRole('button', { name: 'Rotate all codes' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Rotate successfully for: Auction Winner, Emergency Code, Temp Code' }),
  ).toBeVisible({ timeout: 60_000 })
  const after = await codes(page)
  for (const entry of after) {
    expect(entry.currentCode).not.toBe(before.find((old) => old.name === entry.name)!.currentCode)
    await expect(currentCode(page, entry.name)).toHaveText(entry.currentCode)
  }
  // What the field tool shows for a facility is the new code.
  const facility = (await adminApi<FacilityDetails>(page, 'GET', '/api/snapshot_locations?location_code=TX100')).body
  expect(facility.temp_code).toBe(after.find((entry) => entry.name === 'Temp Code')!.currentCode)
})

test("Cancel in the rotation confirmation starts nothing (issue 18: every facility's code would change)", async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/gate-code-rotation`)
  const before = (await adminApi<GateCodeRotation | null>(page, 'GET', '/api/gate_code_rotation/rotations/latest')).body
  for (const open of [
    () => page.getByRole('button', { name: 'Rotate All' }).click(),
    () => card(page, 'Temp Code').getByRole('button', { name: 'Rotate code' }).click(),
  ]) {
    await open()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
  await expect(page.getByText(WAIT_TEXT)).toHaveCount(0)
  const after = (await adminApi<GateCodeRotation | null>(page, 'GET', '/api/gate_code_rotation/rotations/latest')).body
  expect(after?.id).toBe(before?.id)
})

test('a second rotation while one runs is refused, and a page opened meanwhile waits with the buttons disabled', async ({
  page,
}) => {
  await signInAdmin(page)
  await page.goto(`${ADMIN_URL}/gate-code-rotation`)
  const first = await adminApi<GateCodeRotation>(page, 'POST', '/api/gate_code_rotation/rotate', {
    rotate_name: 'Temp Code',
  })
  expect(first.status).toBe(202)
  // Asked again at once: the rotation is marked running before the 202, so this cannot race the job.
  const second = await adminApi<{ message: string }>(page, 'POST', '/api/gate_code_rotation/rotateAll')
  expect(second.status).toBe(409)
  expect(second.body.message).toBe('A gate code rotation is already running. Wait until it finishes.')
  // 150 facilities take a second or two: time enough to reopen the page while it runs.
  await page.reload()
  await expect(page.getByText(WAIT_TEXT)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Rotate All' })).toBeDisabled()
  await expect(page.getByRole('alert').filter({ hasText: 'Rotate successfully for: Temp Code' })).toBeVisible({
    timeout: 60_000,
  })
  await waitForRotation(page)
})

test('a role without /gate-code-rotation gets Permission required', async ({ page }) => {
  await signInAdmin(page, 'cs@example.com', 'cs-demo')
  await page.goto(`${ADMIN_URL}/gate-code-rotation`)
  await expect(page.getByText("Permission required! You're not authorized for this page.")).toBeVisible()
})
