import { expect, test, type Page } from '@playwright/test'
import { choose, expectAccessible, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'
import { freePropertyType, getTaskTypes, openTasksOf, taskApi } from './tasks-api.ts'
import { makePng } from './png.ts'

test.beforeEach(async ({ page }) => {
  await signInField(page, 'csagent')
})

const createButton = (page: Page) => page.getByRole('button', { name: 'Create Task' })

test('Create Task is disabled until category, task type and description are set, and a unit for unit tasks', async ({
  page,
}) => {
  await page.goto(`${FIELD_URL}/snapshot/new-task/TX105`)
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Task' })).toBeVisible()
  await expect(createButton(page)).toBeDisabled()
  // The disabled button says what it waits for (issue 34), also to a screen reader.
  await expect(createButton(page)).toHaveAccessibleDescription('Still needed: Category, Task Type and Description.')
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-new-empty')

  const types = await getTaskTypes(page)
  const lockCut = types.find((type) => type.title === 'Latch Repair')!
  const taken = new Set(
    (await openTasksOf(page, 'TX105', 'unit'))
      .filter((task) => task.task_type.id === lockCut.id)
      .map((task) => task.unit_no),
  )
  const units = (
    await taskApi<{ Record: Array<{ UNITEXTERNALID: string[] }> }>(page, 'POST', '/api/ssm/GetAllUnits', {
      location_code: 'TX105',
    })
  ).body.Record.map((record) => record.UNITEXTERNALID[0]!)
  const unitNo = units.find((unit) => !taken.has(unit))!

  await choose(page, 'Category', 'Property')
  await expect(createButton(page)).toBeDisabled()
  await choose(page, 'Task Type', types.find((type) => type.category === 'property')!.title)
  await expect(createButton(page)).toBeDisabled()
  await page.getByRole('textbox', { name: 'Description' }).fill('   ')
  await expect(createButton(page)).toBeDisabled()
  await page.getByRole('textbox', { name: 'Description' }).fill('Latch bent, lock will not seat.')
  await expect(createButton(page)).toBeEnabled()
  await expect(page.getByText(/^Still needed/)).toHaveCount(0)

  // Switching to a unit task asks again for the task type, then for a unit.
  await choose(page, 'Category', 'Unit')
  await expect(page.getByRole('combobox', { name: 'Task Type' })).toHaveValue('')
  await expect(createButton(page)).toBeDisabled()
  await choose(page, 'Task Type', 'Latch Repair')
  await expect(createButton(page)).toBeDisabled()
  await expect(page.getByText('Still needed: Unit.')).toBeVisible()
  await choose(page, 'Unit', unitNo, unitNo)
  // Priority is optional: the button does not wait for it.
  await expect(createButton(page)).toBeEnabled()
  await choose(page, 'Priority', 'Urgent')
  await screenshotBoth(page, 'tasks-new-filled')

  await createButton(page).click()
  await expect(page.getByText('Create task successfully!')).toBeVisible()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/facility-tasks/TX105`)
  const card = page.getByRole('region', { name: 'Unit Tasks' }).getByTestId('task-card').first()
  await expect(card).toContainText('Latch Repair')
  await expect(card).toContainText(`Unit ${unitNo}`)
  await expect(card.getByText('Urgent')).toHaveCSS('font-weight', '700')
})

test('a duplicate open task opens the Duplicate task modal, and Open Task goes to that task', async ({ page }) => {
  const [existing] = await openTasksOf(page, 'TX106', 'property')
  await page.goto(`${FIELD_URL}/snapshot/new-task/TX106`)
  await choose(page, 'Category', 'Property')
  await choose(page, 'Task Type', existing!.task_type.title)
  await page.getByRole('textbox', { name: 'Description' }).fill('Reported again by a tenant.')
  await createButton(page).click()
  const modal = page.getByRole('dialog', { name: 'Duplicate task' })
  await expect(modal).toBeVisible()
  await expect(
    modal.getByText('A duplicate open task already exists, please add any addition notes to that task'),
  ).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'tasks-duplicate-modal')
  await modal.getByRole('button', { name: 'Open Task' }).click()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/task-details/TX106/${existing!.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(existing!.task_type.title)
})

test('photos go up with the new task and show on its detail', async ({ page }) => {
  const type = await freePropertyType(page, 'TX107')
  await page.goto(`${FIELD_URL}/snapshot/new-task/TX107`)
  await choose(page, 'Category', 'Property')
  await choose(page, 'Task Type', type.title)
  await page.getByRole('textbox', { name: 'Description' }).fill('See the photos of the damage.')
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'damage-1.png', mimeType: 'image/png', buffer: makePng(64, 48, [200, 80, 40]) },
    { name: 'damage-2.png', mimeType: 'image/png', buffer: makePng(48, 64, [40, 120, 200]) },
  ])
  await expect(page.getByRole('img', { name: 'Photo damage-1.png' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove damage-2.png' }).click()
  await expect(page.getByRole('img', { name: 'Photo damage-2.png' })).toHaveCount(0)
  await createButton(page).click()
  await expect(page.getByText('Create task successfully!')).toBeVisible()
  const card = page
    .getByRole('region', { name: 'Property Tasks' })
    .getByTestId('task-card')
    .filter({ hasText: 'See the photos of the damage.' })
  await expect(card.getByLabel('1 photo')).toBeVisible()
  await card.click()
  const photo = page.getByRole('img', { name: 'Photo 1' })
  await expect(photo).toBeVisible()
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})

test('Create Task is also disabled while its request is in flight', async ({ page }) => {
  const type = await freePropertyType(page, 'OR132')
  await page.goto(`${FIELD_URL}/snapshot/new-task/OR132`)
  await choose(page, 'Category', 'Property')
  await choose(page, 'Task Type', type.title)
  await page.getByRole('textbox', { name: 'Description' }).fill('The office door sticks in wet weather.')
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/tasks', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    await held
    return route.continue()
  })
  await expect(createButton(page)).toBeEnabled()
  await createButton(page).click()
  await expect(createButton(page)).toBeDisabled()
  release()
  await expect(page.getByText('Create task successfully!')).toBeVisible()
  await expect(page).toHaveURL(`${FIELD_URL}/snapshot/facility-tasks/OR132`)
})
