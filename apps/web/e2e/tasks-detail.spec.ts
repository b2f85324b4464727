import { expect, test, type Page } from '@playwright/test'
import type { Task, TaskList } from '@storageops/contracts/tasks'
import { expectAccessible, expectToastFor5s, FIELD_URL, screenshotBoth, settled, signInField } from './fixtures.ts'
import { createPropertyTask, taskApi } from './tasks-api.ts'

test.beforeEach(async ({ page }) => {
  await signInField(page, 'pmanager')
})

const note = (page: Page) => page.getByRole('textbox', { name: 'Note' })
const history = (page: Page) => page.getByRole('region', { name: 'Activity History' })
const readTask = async (page: Page, id: number) => (await taskApi<Task>(page, 'GET', `/api/tasks/${id}`)).body

async function openTask(page: Page, task: Task) {
  await page.goto(`${FIELD_URL}/snapshot/task-details/${task.site_code}/${task.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(task.task_type.title)
}

test('a task shows its fields, history and the open-task actions', async ({ page }) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await createPropertyTask(page, 'TX108', 'The gate motor hums but the gate does not move.')
  await openTask(page, task)
  const fields = page.getByRole('region', { name: 'Task Details' })
  await expect(fields).toContainText('The gate motor hums but the gate does not move.')
  await expect(fields).toContainText('High Priority')
  await expect(fields).toContainText('Not assigned')
  await expect(history(page).getByTestId('activity-entry')).toHaveCount(1)
  // The full name, as the avatar's initials (issue 18); the username was shown before.
  const entry = history(page).getByTestId('activity-entry')
  await expect(entry).toContainText('Parker Dawson (Property Manager) created the task')
  await expect(entry.locator('.mantine-Avatar-root')).toHaveText('PD')
  for (const name of ['Add Note', 'Assign', 'Close Task'])
    await expect(page.getByRole('button', { name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reopen Task' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Cancel Appointment/ })).toHaveCount(0)
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-detail-open')
})

test('toasts leave the header in sight, one message shows once and several stack in one place (issue 34)', async ({
  page,
}) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await createPropertyTask(page, 'TX109')
  await openTask(page, task)
  for (let press = 0; press < 3; press++) await page.getByRole('button', { name: 'Add Note' }).click()
  const alerts = page.getByRole('alert')
  await expect(alerts.filter({ hasText: 'Please enter comment!' })).toHaveCount(1)
  await page.getByRole('button', { name: 'Close Task' }).click()
  const toasts = alerts.filter({ hasText: /^(Please enter comment!|Please enter note before closing the task\.)$/ })
  await expect(toasts).toHaveCount(2)
  const header = page.getByRole('banner')
  for (const part of [
    header.getByRole('link', { name: 'Dashboard' }),
    header.getByRole('link', { name: 'Task Overview' }),
    header.getByText('Parker Dawson'),
    header.getByRole('button', { name: 'Logout' }),
  ])
    expect(
      await part.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return top !== null && (element === top || element.contains(top))
      }),
    ).toBe(true)
  const boxes = await Promise.all((await toasts.all()).map(async (toast) => (await toast.boundingBox())!))
  const reach = Math.max(...boxes.map((box) => box.y + box.height)) - Math.min(...boxes.map((box) => box.y))
  expect(reach).toBeLessThan(2 * boxes[0]!.height)
  await screenshotBoth(page, 'tasks-detail-toasts', { fullPage: false })
})

test('Add Note warns "Please enter comment!" when empty and adds a typed note to the history', async ({ page }) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await createPropertyTask(page, 'TX109')
  await openTask(page, task)
  await page.getByRole('button', { name: 'Add Note' }).click()
  await expect(page.getByText('Please enter comment!')).toBeVisible()
  expect((await readTask(page, task.id)).task_activities).toHaveLength(1)
  await note(page).fill('Vendor booked for Friday.')
  await page.getByRole('button', { name: 'Add Note' }).click()
  await expect(page.getByText('Note added.')).toBeVisible()
  await expect(history(page).getByTestId('activity-entry').first()).toContainText('Vendor booked for Friday.')
  await expect(note(page)).toHaveValue('')
})

test('assigning with a note typed posts the note first, then the role', async ({ page }) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await createPropertyTask(page, 'AZ110')
  await openTask(page, task)
  await note(page).fill('Needs the regional budget.')
  await page.getByRole('combobox', { name: 'Assign to' }).click()
  await page.getByRole('option', { name: 'Regional Manager' }).click()
  await page.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByText('Task assigned to Regional Manager.')).toBeVisible()
  const after = await readTask(page, task.id)
  expect(after.task_activities.map((activity) => activity.action)).toEqual(['assign', 'note', 'create'])
  expect(after.task_activities[1]!.note).toBe('Needs the regional budget.')
  expect(after.role).toBe('regional_manager')
  // The role badge: dark blue with the role's initials.
  const assignee = page.getByRole('region', { name: 'Task Details' }).locator('[data-role="regional_manager"]')
  await expect(assignee).toHaveText('RM')
  await expect(assignee).toHaveCSS('background-color', 'rgb(28, 47, 110)')
})

test('Close Task needs a note: warning and inline message, then the confirmation closes it', async ({ page }) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await createPropertyTask(page, 'AZ111')
  await openTask(page, task)
  await page.getByRole('button', { name: 'Close Task' }).click()
  // The toast and the message under the note field.
  await expect(page.getByText('Please enter note before closing the task.')).toHaveCount(2)
  await expect(note(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The warning toast closes by itself after 5 seconds; the inline message stays.
  await expect(page.getByText('Please enter note before closing the task.')).toHaveCount(1, { timeout: 8000 })
  await note(page).fill('Motor replaced, gate tested.')
  await page.getByRole('button', { name: 'Close Task' }).click()
  const confirm = page.getByRole('dialog', { name: 'Close Task' })
  await expect(confirm.getByText('Are you sure you want to close the task?')).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-close-confirm')
  await confirm.getByRole('button', { name: 'Yes, close it' }).click()
  await expect(page.getByText('Task closed.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reopen Task' })).toBeVisible()
  for (const name of ['Add Note', 'Assign', 'Close Task'])
    await expect(page.getByRole('button', { name })).toHaveCount(0)
  await expect(history(page).getByTestId('activity-entry').first()).toContainText('Motor replaced, gate tested.')
  expect((await readTask(page, task.id)).status).toBe('closed')
  await screenshotBoth(page, 'tasks-detail-closed')
})

test('Reopen Task reopens, and with an open duplicate offers that task instead', async ({ page }) => {
  await page.goto(`${FIELD_URL}/`)
  const first = await createPropertyTask(page, 'AZ112')
  await taskApi(page, 'POST', '/api/task_activities', { task_id: first.id, status: 'closed', note: 'Done.' })
  const twin = (
    await taskApi<Task>(page, 'POST', '/api/tasks', {
      task_type_id: first.task_type.id,
      site_code: 'AZ112',
      description: 'Came back.',
    })
  ).body
  await openTask(page, first)
  await page.getByRole('button', { name: 'Reopen Task' }).click()
  const modal = page.getByRole('dialog', { name: 'Duplicate task' })
  await expect(
    modal.getByText('A duplicate open task already exists, please add any addition notes to that task'),
  ).toBeVisible()
  await modal.getByRole('button', { name: 'Open Task' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/task-details/AZ112/${twin.id}`)

  // Once the twin is closed, the first one reopens.
  await taskApi(page, 'POST', '/api/task_activities', { task_id: twin.id, status: 'closed', note: 'Done too.' })
  await openTask(page, first)
  await page.getByRole('button', { name: 'Reopen Task' }).click()
  await expect(page.getByText('Task reopened.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close Task' })).toBeVisible()
  expect((await readTask(page, first.id)).status).toBe('open')
})

async function taskWithAppointment(page: Page, skip = 0): Promise<Task> {
  let seen = 0
  for (let pageNumber = 1; pageNumber < 40; pageNumber++) {
    const { body } = await taskApi<TaskList>(
      page,
      'GET',
      `/api/tasks?page=${pageNumber}&page_size=100&closed=false&type=unit`,
    )
    for (const task of body.entries)
      if (task.appointment_id !== null && seen++ === skip) return await readTask(page, task.id)
    if (body.entries.length < 100) break
  }
  throw new Error('no open task with an appointment')
}

test('Cancel Appointment goes through the storage-management system and says so', async ({ page }) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await taskWithAppointment(page)
  await openTask(page, task)
  const button = page.getByRole('button', { name: `Cancel Appointment #${task.appointment_id}` })
  await expect(button).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-detail-appointment')
  // Issue 18: the tenant is affected, so it asks first; Keep appointment keeps the appointment.
  await button.click()
  const dialog = page.getByRole('dialog', { name: `Cancel Appointment #${task.appointment_id}` })
  await expect(dialog).toContainText('the tenant has to book again')
  await settled(dialog)
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-cancel-appointment-confirm')
  await dialog.getByRole('button', { name: 'Keep appointment' }).click()
  await expect(dialog).toHaveCount(0)
  expect((await readTask(page, task.id)).appointment_id).toBe(task.appointment_id)
  await button.click()
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click()
  await expect(page.getByText('Appointment cancel successfully.')).toBeVisible()
  await expect(button).toHaveCount(0)
  expect((await readTask(page, task.id)).appointment_id).toBeNull()
})

test('a refused appointment cancel shows "Failed to cancel appointment: {error}"', async ({ page }) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await taskWithAppointment(page)
  await page.route(`**/api/appointments/${task.appointment_id}/cancel`, (route) =>
    route.fulfill({
      status: 502,
      json: { error: 'upstream_failed', message: 'Appointment is locked by another user' },
    }),
  )
  await openTask(page, task)
  await page.getByRole('button', { name: `Cancel Appointment #${task.appointment_id}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel appointment' }).click()
  await expect(page.getByText('Failed to cancel appointment: Appointment is locked by another user')).toBeVisible()
})

test("a refused note, assignment or close shows the server's reason in a toast, which closes after 5 s", async ({
  page,
}) => {
  await page.goto(`${FIELD_URL}/`)
  const task = await createPropertyTask(page, 'AZ113')
  await openTask(page, task)
  await expectToastFor5s(page, 'Please enter comment!', () => page.getByRole('button', { name: 'Add Note' }).click())

  let refusals = 0
  await page.route('**/api/task_activities', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'conflict', message: `Refused by the server (${++refusals}).` }),
        })
      : route.fallback(),
  )
  await note(page).fill('Gate checked.')
  await page.getByRole('button', { name: 'Add Note' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Refused by the server (1).' })).toBeVisible()
  await note(page).fill('')
  await page.getByRole('combobox', { name: 'Assign to' }).click()
  await page.getByRole('option', { name: 'Regional Manager' }).click()
  await page.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Refused by the server (2).' })).toBeVisible()
  await note(page).fill('Gate fixed.')
  await page.getByRole('button', { name: 'Close Task' }).click()
  await page.getByRole('dialog', { name: 'Close Task' }).getByRole('button', { name: 'Yes, close it' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Refused by the server (3).' })).toBeVisible()
  const after = await readTask(page, task.id)
  expect(after.status).toBe('open')
  expect(after.task_activities).toHaveLength(1)
})
