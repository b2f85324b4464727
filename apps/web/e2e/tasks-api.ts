import type { Browser, Page } from '@playwright/test'
import type { FieldRole } from '@storageops/contracts/identity'
import type { Task, TaskList, TaskOverviewRow, TaskType } from '@storageops/contracts/tasks'
import { signInField } from './fixtures.ts'

/**
 * The task service from inside the signed-in page (Node cannot resolve *.localhost, the browser can),
 * for setting up and checking the task journeys.
 */
export async function taskApi<Body = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Body }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = (JSON.parse(localStorage.getItem('snapshot_user') ?? '{}') as { token?: string }).token
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      return { status: response.status, body: (text ? JSON.parse(text) : null) as Body }
    },
    { method, path, body },
  )
}

export const getOverview = async (page: Page) =>
  (await taskApi<TaskOverviewRow[]>(page, 'GET', '/api/tasks/overview')).body

export const getTaskTypes = async (page: Page) => (await taskApi<TaskType[]>(page, 'GET', '/api/tasks/task_types')).body

/** Every open task of a facility and category (pages of 100). */
export async function openTasksOf(page: Page, siteCode: string, type: 'property' | 'unit', closed = false) {
  const tasks: TaskList['entries'] = []
  for (let pageNumber = 1; ; pageNumber++) {
    const { body } = await taskApi<TaskList>(
      page,
      'GET',
      `/api/tasks?page=${pageNumber}&page_size=100&closed=${closed}&location_code=${siteCode}&type=${type}`,
    )
    tasks.push(...body.entries)
    if (tasks.length >= body.total_entries || body.entries.length === 0) return tasks
  }
}

/** A property task type with no open task at the facility, so a create is not a duplicate. */
export async function freePropertyType(page: Page, siteCode: string): Promise<TaskType> {
  const open = new Set((await openTasksOf(page, siteCode, 'property')).map((task) => task.task_type.id))
  const type = (await getTaskTypes(page)).find(
    (candidate) => candidate.category === 'property' && !open.has(candidate.id),
  )
  if (!type) throw new Error(`every property task type is open at ${siteCode}`)
  return type
}

/** Creates an open property task through the API and returns it. */
export async function createPropertyTask(
  page: Page,
  siteCode: string,
  description = 'Created for a browser journey.',
  role: FieldRole | null = null,
) {
  const type = await freePropertyType(page, siteCode)
  const response = await taskApi<Task>(page, 'POST', '/api/tasks', {
    task_type_id: type.id,
    site_code: siteCode,
    prior: 'high',
    description,
    role,
  })
  if (response.status !== 201) throw new Error(`create failed: ${JSON.stringify(response.body)}`)
  return response.body
}

/** A task created for `role` by `username` signed in from a browser of their own (someone else's phone). */
export async function createTaskForRoleAs(
  browser: Browser,
  username: string,
  siteCode: string,
  role: FieldRole,
  description: string,
) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signInField(page, username)
    return await createPropertyTask(page, siteCode, description, role)
  } finally {
    await context.close()
  }
}
