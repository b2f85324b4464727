import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import type { TaskActivity } from '@storageops/contracts/tasks'
import { auditLog, taskActivities } from '../db/schema.ts'
import { createFreshKeys } from '../features/tasks/task-test-data.ts'
import { multipartForm } from '../test/multipart-form.ts'
import { useTestContext } from '../test/context.ts'
import { ACTION_TIME_SKEW_SECONDS } from './action-time.ts'

const ctx = useTestContext()
let pmToken: string
let keys: ReturnType<typeof createFreshKeys>
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

beforeAll(async () => {
  pmToken = await ctx.signInField('pmanager')
  keys = createFreshKeys(ctx.db)
})

const post = (url: string, payload: Record<string, unknown>, actionTime?: string) =>
  ctx.request({
    method: 'POST',
    url,
    token: pmToken,
    payload,
    headers: actionTime === undefined ? {} : { 'x-action-time': actionTime },
  })
const newTask = async (description: string) =>
  (await post('/api/tasks', { ...(await keys.property()), prior: 'low', description })).json<{
    id: number
    site_code: string
  }>()
const notesOf = async (taskId: number) =>
  ctx.db
    .select()
    .from(taskActivities)
    .where(and(eq(taskActivities.task_id, taskId), eq(taskActivities.action, 'note')))
const auditOf = async (taskId: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'task'), eq(auditLog.entity_id, String(taskId)), eq(auditLog.action, action)))

describe('X-Action-Time: when the user acted on the phone (issue 19)', () => {
  test('a note sent later keeps the phone time beside the receive time, in the activity and the audit row', async () => {
    const task = await newTask('Door sticks')
    const actedAt = minutesAgo(17)
    const response = await post('/api/task_activities', { task_id: task.id, note: 'Hinge oiled.' }, actedAt)
    expect(response.statusCode).toBe(201)
    const activity = response.json<TaskActivity>()
    expect(activity.acted_at).toBe(actedAt)
    expect(Date.parse(activity.created_at) - Date.parse(actedAt)).toBeGreaterThanOrEqual(17 * 60_000)
    const [stored] = await notesOf(task.id)
    expect(stored!.acted_at!.toISOString()).toBe(actedAt)
    const [audit] = await auditOf(task.id, 'task.note')
    expect(audit!.acted_at!.toISOString()).toBe(actedAt)
    expect(audit!.at.getTime()).toBeGreaterThan(Date.parse(actedAt))
    const read = (await ctx.request({ method: 'GET', url: `/api/tasks/${task.id}`, token: pmToken })).json<{
      task_activities: TaskActivity[]
    }>()
    expect(read.task_activities.find((entry) => entry.action === 'note')!.acted_at).toBe(actedAt)
  })

  test('an offset time is kept as the same moment; a write without the header has none', async () => {
    const task = await newTask('Light flickers')
    const response = await post(
      '/api/task_activities',
      { task_id: task.id, note: 'Offset' },
      '2026-01-05T09:30:00-08:00',
    )
    expect(response.json<TaskActivity>().acted_at).toBe('2026-01-05T17:30:00.000Z')
    const plain = await post('/api/task_activities', { task_id: task.id, note: 'Plain' })
    expect(plain.json<TaskActivity>().acted_at).toBeNull()
    const [audit] = await auditOf(task.id, 'task.create')
    expect(audit!.acted_at).toBeNull()
  })

  test('the log is ordered by the server, never by the phone: an older phone time sent last still comes first', async () => {
    const task = await newTask('Order check')
    await post('/api/task_activities', { task_id: task.id, note: 'Made second, sent first' }, minutesAgo(5))
    await post('/api/task_activities', { task_id: task.id, note: 'Made first, sent second' }, minutesAgo(50))
    const log = await ctx.request({
      method: 'GET',
      url: `/api/task_activities?location_code=${task.site_code}`,
      token: pmToken,
    })
    const notes = log
      .json<{ entries: TaskActivity[] }>()
      .entries.filter((entry) => entry.task_id === task.id && entry.action === 'note')
    expect(notes.map((entry) => entry.note)).toEqual(['Made first, sent second', 'Made second, sent first'])
  })

  test('a malformed time is 400 naming X-Action-Time and records nothing', async () => {
    const task = await newTask('Bad clock')
    for (const bad of ['yesterday', '2026-11-24', '2026-11-24T10:00:00', '2026-02-30T10:00:00Z', '1732441200000']) {
      const response = await post('/api/task_activities', { task_id: task.id, note: `Bad ${bad}` }, bad)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'invalid_input', field: 'X-Action-Time' })
      expect(response.json().message).toMatch(/X-Action-Time must be an ISO 8601 date and time with a zone/)
    }
    expect(await notesOf(task.id)).toHaveLength(0)
  })

  test('a time in the future beyond the skew is 422, not clamped; within the skew it is kept as sent', async () => {
    const task = await newTask('Fast clock')
    const farAhead = new Date(Date.now() + 20 * 60_000).toISOString()
    const refused = await post('/api/task_activities', { task_id: task.id, note: 'From the future' }, farAhead)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ error: 'unprocessable', field: 'X-Action-Time' })
    expect(refused.json().message).toMatch(/^X-Action-Time is 20 minutes ahead of the server's clock/)
    expect(await notesOf(task.id)).toHaveLength(0)
    const slightlyAhead = new Date(Date.now() + (ACTION_TIME_SKEW_SECONDS - 60) * 1000).toISOString()
    const kept = await post('/api/task_activities', { task_id: task.id, note: 'Clock a bit fast' }, slightlyAhead)
    expect(kept.statusCode).toBe(201)
    expect(kept.json<TaskActivity>().acted_at).toBe(slightlyAhead)
  })

  test('a new task with photos made offline keeps the phone time on its create activity and audit row', async () => {
    const key = await keys.property()
    const actedAt = minutesAgo(42)
    const form = await multipartForm({ ...key, prior: 'high', description: 'Made behind the gate' }, [
      {
        field: 'images',
        name: 'gate.jpg',
        type: 'image/jpeg',
        data: await sharp({ create: { width: 32, height: 24, channels: 3, background: '#228833' } })
          .jpeg()
          .toBuffer(),
      },
    ])
    const response = await ctx.request({
      method: 'POST',
      url: '/api/tasks',
      token: pmToken,
      headers: { ...form.headers, 'x-action-time': actedAt },
      payload: form.payload,
    })
    expect(response.statusCode).toBe(201)
    const created = response.json<{ id: number; task_activities: TaskActivity[] }>()
    expect(created.task_activities[0]).toMatchObject({ action: 'create', acted_at: actedAt })
    const [audit] = await auditOf(created.id, 'task.create')
    expect(audit!.acted_at!.toISOString()).toBe(actedAt)
  })

  test('the time on a read is ignored, and the time never grants what the session does not', async () => {
    const read = await ctx.request({
      method: 'GET',
      url: '/api/tasks/overview',
      token: pmToken,
      headers: { 'x-action-time': 'not a time' },
    })
    expect(read.statusCode).toBe(200)
    const unsigned = await ctx.request({
      method: 'POST',
      url: '/api/task_activities',
      payload: { task_id: 1, note: 'No session' },
      headers: { 'x-action-time': minutesAgo(1) },
    })
    expect(unsigned.statusCode).toBe(401)
    expect(
      await ctx.db
        .select()
        .from(taskActivities)
        .where(sql`${taskActivities.note} = 'No session'`),
    ).toHaveLength(0)
  })
})
