import { and, eq, like } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Notification, NotificationList } from '@storageops/contracts/notifications'
import { communications, fieldUsers, notifications } from '../../db/schema.ts'
import { generateEmployees } from '../../seed/generate.ts'
import { useTestContext } from '../../test/context.ts'
import { createFreshKeys } from '../tasks/task-test-data.ts'
import { notifyAssignment } from './notifications.service.ts'

const ctx = useTestContext()
const secondCs = generateEmployees().find(
  (employee) => employee.role === 'customer_service' && employee.username !== 'csagent',
)!
let pm: string
let cs: string
let cs2: string
let rm: string
let base: string
let keys: ReturnType<typeof createFreshKeys>
const sockets: Socket[] = []

beforeAll(async () => {
  pm = await ctx.signInField('pmanager')
  cs = await ctx.signInField('csagent')
  cs2 = await ctx.signInField(secondCs.username, secondCs.password)
  rm = await ctx.signInField('rmanager')
  keys = createFreshKeys(ctx.db)
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => sockets.forEach((socket) => socket.close()))

const list = async (token: string, query = '') => {
  const response = await ctx.request({ method: 'GET', url: `/api/notifications${query}`, token })
  expect(response.statusCode).toBe(200)
  return response.json<NotificationList>()
}
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload }) })

async function newTask(token = pm, extra: Record<string, unknown> = {}) {
  const response = await post('/api/tasks', token, {
    ...(await keys.property()),
    prior: 'high',
    description: 'Gate keypad sticks.',
    ...extra,
  })
  expect(response.statusCode).toBe(201)
  return response.json<{ id: number; site_code: string }>()
}
/** A new role is 201; the role the task already has records nothing and answers 200. */
const assign = async (taskId: number, role: string, token = pm, status = 201) => {
  const response = await post('/api/task_activities', token, { task_id: taskId, role })
  expect(response.statusCode).toBe(status)
}
const ofTask = (page: NotificationList, taskId: number) => page.entries.filter((entry) => entry.task_id === taskId)

describe('who is notified', () => {
  test('assigning a task to a role notifies every field user of that role, not the actor, not other roles', async () => {
    const task = await newTask()
    const before = (await list(cs)).unread_count
    await assign(task.id, 'customer_service')
    const mine = await list(cs)
    expect(mine.unread_count).toBe(before + 1)
    const [entry] = ofTask(mine, task.id)
    expect(entry).toMatchObject({
      kind: 'task_assigned',
      task_id: task.id,
      site_code: task.site_code,
      role: 'customer_service',
      actor_name: 'Parker Dawson',
      read_at: null,
    })
    expect(entry!.facility_name).not.toBe('')
    expect(mine.entries[0]!.id).toBe(entry!.id)
    expect(ofTask(await list(cs2), task.id)).toHaveLength(1)
    expect(ofTask(await list(pm), task.id)).toHaveLength(0)
    expect(ofTask(await list(rm), task.id)).toHaveLength(0)
  })

  test('the acting user is not notified of their own assignment to their role', async () => {
    const task = await newTask()
    await assign(task.id, 'customer_service', cs)
    expect(ofTask(await list(cs), task.id)).toHaveLength(0)
    expect(ofTask(await list(cs2), task.id)).toHaveLength(1)
  })

  test('a task created for a role notifies as task_created; one created for no role notifies nobody', async () => {
    const task = await newTask(cs, { role: 'property_manager' })
    const [entry] = ofTask(await list(pm), task.id)
    expect(entry).toMatchObject({ kind: 'task_created', actor_name: 'Casey Alvarez' })
    const plain = await newTask(cs)
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.task_id, plain.id))
    expect(rows).toEqual([])
  })

  test('assigning the role a task already has notifies nobody again', async () => {
    const task = await newTask()
    await assign(task.id, 'regional_manager')
    await assign(task.id, 'regional_manager', pm, 200)
    expect(ofTask(await list(rm), task.id)).toHaveLength(1)
  })

  test('an admin acting in the field tool notifies the role; admins have no notifications (403)', async () => {
    const admin = await ctx.signInAdmin()
    const task = await newTask()
    const response = await ctx.request({
      method: 'POST',
      url: '/api/task_activities',
      token: admin,
      payload: { task_id: task.id, role: 'customer_service' },
    })
    expect(response.statusCode).toBe(201)
    expect(ofTask(await list(cs), task.id)[0]!.actor_name).toBe('admin@example.com')
    const own = await ctx.request({ method: 'GET', url: '/api/notifications', token: admin })
    expect(own.statusCode).toBe(403)
    expect(own.json()).toMatchObject({ error: 'forbidden' })
  })

  test('a write rolled back after its notifications were written leaves none and tells no socket', async () => {
    const task = await newTask()
    const socket = io(base, {
      transports: ['polling'],
      auth: { token: cs, page: '/snapshot' },
      reconnection: false,
      forceNew: true,
    })
    sockets.push(socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    const heard: Notification[] = []
    socket.on('notification', (payload: Notification) => heard.push(payload))
    const rolledBack = ctx.db.transaction(async (tx) => {
      await notifyAssignment(tx, {
        task_id: task.id,
        role: 'customer_service',
        kind: 'task_assigned',
        actor_username: 'pmanager',
        actor_name: 'pmanager',
        field_base_url: 'http://snapshot.localhost:3000',
      })
      throw new Error('the task write failed after the notifications')
    })
    await expect(rolledBack).rejects.toThrow('the task write failed')
    expect(await ctx.db.select().from(notifications).where(eq(notifications.task_id, task.id))).toEqual([])

    await assign(task.id, 'customer_service')
    await expect.poll(() => heard.map((entry) => entry.task_id), { timeout: 5000 }).toEqual([task.id])
    expect(heard[0]).toMatchObject({ kind: 'task_assigned', read_at: null })
  })
})

describe('reading', () => {
  test('a user reads and marks only their own: another user’s id is 404, read_all clears the count', async () => {
    const task = await newTask()
    await assign(task.id, 'customer_service')
    const [own] = ofTask(await list(cs), task.id)
    const [theirs] = ofTask(await list(cs2), task.id)
    const foreign = await post(`/api/notifications/${theirs!.id}/read`, cs)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ message: `Notification ${theirs!.id} does not exist.`, field: 'id' })
    expect(ofTask(await list(cs2), task.id)[0]!.read_at).toBeNull()

    const before = (await list(cs)).unread_count
    const read = await post(`/api/notifications/${own!.id}/read`, cs)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual({ unread_count: before - 1 })
    const readAt = ofTask(await list(cs), task.id)[0]!.read_at
    expect(readAt).not.toBeNull()
    await post(`/api/notifications/${own!.id}/read`, cs)
    expect(ofTask(await list(cs), task.id)[0]!.read_at).toBe(readAt)

    const all = await post('/api/notifications/read_all', cs)
    expect(all.json()).toEqual({ unread_count: 0 })
    expect((await list(cs)).unread_count).toBe(0)
    expect(ofTask(await list(cs2), task.id)[0]!.read_at).toBeNull()
  })

  test('pages newest first with the total; bad paging and ids are 400 naming the field', async () => {
    const first = await list(rm, '?page=1&page_size=1')
    expect(first.entries).toHaveLength(Math.min(1, first.total_entries))
    const bad = await ctx.request({ method: 'GET', url: '/api/notifications?page_size=0', token: rm })
    expect(bad.statusCode).toBe(400)
    const badId = await post('/api/notifications/abc/read', rm)
    expect(badId.statusCode).toBe(400)
    const unsigned = await ctx.request({ method: 'GET', url: '/api/notifications' })
    expect(unsigned.statusCode).toBe(401)
  })
})

describe('email opt-in', () => {
  test('with the setting on, an assignment also queues one email through the outbox, keyed by the notification', async () => {
    const on = await ctx.request({
      method: 'PUT',
      url: '/api/notifications/settings',
      token: cs2,
      payload: { email_on_assignment: true },
    })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toMatchObject({ email_on_assignment: true, email: secondCs.email, push_public_key: null })
    const task = await newTask()
    await assign(task.id, 'customer_service')
    const [mine] = ofTask(await list(cs2), task.id)
    const emails = await ctx.db
      .select()
      .from(communications)
      .where(like(communications.idempotency_key, `task-assigned/${mine!.id}#%`))
    expect(emails).toHaveLength(1)
    expect(emails[0]).toMatchObject({ method: 'email', status: 'queued', email_address: secondCs.email })
    expect(emails[0]!.subject).toContain('is assigned to Customer Service')
    expect(emails[0]!.html_body).toContain(`/snapshot/task-details/${task.site_code}/${task.id}`)
    const [csOwn] = ofTask(await list(cs), task.id)
    const none = await ctx.db
      .select()
      .from(communications)
      .where(like(communications.idempotency_key, `task-assigned/${csOwn!.id}#%`))
    expect(none).toEqual([])
    await ctx.db
      .update(fieldUsers)
      .set({ email_on_assignment: false })
      .where(and(eq(fieldUsers.username, secondCs.username)))
  })

  test('a setting that is not a boolean is 400 naming the field', async () => {
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/notifications/settings',
      token: cs,
      payload: { email_on_assignment: 'yes' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ field: 'email_on_assignment' })
  })

  test('without WEB_PUSH_* a push subscription is refused with the off text', async () => {
    const response = await post('/api/notifications/push_subscription', cs, {
      endpoint: 'https://push.example.com/abc',
      keys: { p256dh: 'key', auth: 'auth' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: 'Push notifications are off on this server.' })
  })
})
