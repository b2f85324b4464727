import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { idempotencyKeys, taskActivities, taskImages, tasks } from '../db/schema.ts'
import { createFreshKeys } from '../features/tasks/task-test-data.ts'
import { multipartForm } from '../test/multipart-form.ts'
import { useTestContext } from '../test/context.ts'

const ctx = useTestContext()
let pmToken: string
let csToken: string
let keys: ReturnType<typeof createFreshKeys>
let serial = 0
const startedAt = new Date()

beforeAll(async () => {
  pmToken = await ctx.signInField('pmanager')
  csToken = await ctx.signInField('csagent')
  keys = createFreshKeys(ctx.db)
})

const newKey = () => `test-${Date.now()}-${++serial}`
const post = (url: string, payload: Record<string, unknown>, key?: string, token = pmToken) =>
  ctx.request({ method: 'POST', url, token, payload, headers: key === undefined ? {} : { 'idempotency-key': key } })
/** Tasks of this key opened by these tests (the seed's closed tasks of the same key aside). */
const tasksAt = async (siteCode: string, typeId: number) =>
  ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      sql`${tasks.location_code} = ${siteCode} and ${tasks.task_type_id} = ${typeId} and ${tasks.created_at} >= ${startedAt}`,
    )
const activitiesOf = async (taskId: number) =>
  ctx.db.select().from(taskActivities).where(eq(taskActivities.task_id, taskId))
const photo = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

describe('Idempotency-Key on the field tool writes (issue 19)', () => {
  test('a new task sent twice with one key creates one task and one activity, and answers the same result', async () => {
    const key = await keys.property()
    const body = { ...key, prior: 'high', description: 'Gate arm stuck open.' }
    const idempotencyKey = newKey()
    const first = await post('/api/tasks', body, idempotencyKey)
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const second = await post('/api/tasks', body, idempotencyKey)
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    const created = await tasksAt(key.site_code, key.task_type_id)
    expect(created).toHaveLength(1)
    expect(await activitiesOf(created[0]!.id)).toHaveLength(1)
  })

  test('the same key with a different body is 422 naming Idempotency-Key and creates nothing', async () => {
    const key = await keys.property()
    const idempotencyKey = newKey()
    expect((await post('/api/tasks', { ...key, prior: 'high', description: 'Leak' }, idempotencyKey)).statusCode).toBe(
      201,
    )
    const other = await keys.property()
    const reused = await post('/api/tasks', { ...other, prior: 'high', description: 'Leak' }, idempotencyKey)
    expect(reused.statusCode).toBe(422)
    expect(reused.json()).toMatchObject({ error: 'unprocessable', field: 'Idempotency-Key' })
    expect(reused.json().message).toMatch(/already used for another request \(POST \/api\/tasks\)/)
    expect(await tasksAt(other.site_code, other.task_type_id)).toHaveLength(0)
  })

  test('a note sent twice with one key is recorded once; without a key each send is a note', async () => {
    const task = (
      await post('/api/tasks', { ...(await keys.property()), prior: 'low', description: 'Light out' })
    ).json<{
      id: number
    }>()
    const idempotencyKey = newKey()
    const note = { task_id: task.id, note: 'Bulb ordered.' }
    const first = await post('/api/task_activities', note, idempotencyKey)
    const again = await post('/api/task_activities', note, idempotencyKey)
    expect(first.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect((await activitiesOf(task.id)).filter((activity) => activity.action === 'note')).toHaveLength(1)
    await post('/api/task_activities', note)
    await post('/api/task_activities', note)
    expect((await activitiesOf(task.id)).filter((activity) => activity.action === 'note')).toHaveLength(3)
  })

  test('keys belong to their user: the same key from another user runs as its own request', async () => {
    const task = (await post('/api/tasks', { ...(await keys.property()), prior: 'low', description: 'Fence' })).json<{
      id: number
    }>()
    const idempotencyKey = newKey()
    const mine = await post('/api/task_activities', { task_id: task.id, note: 'Mine' }, idempotencyKey)
    const theirs = await post('/api/task_activities', { task_id: task.id, note: 'Theirs' }, idempotencyKey, csToken)
    expect(mine.statusCode).toBe(201)
    expect(theirs.statusCode).toBe(201)
    expect(theirs.json()).toMatchObject({ note: 'Theirs', source_username: 'csagent' })
  })

  test('a refusal is replayed too: a duplicate open task answers the same 409 with the open task', async () => {
    const key = await keys.property()
    const open = (await post('/api/tasks', { ...key, prior: 'high', description: 'First' })).json<{ id: number }>()
    const idempotencyKey = newKey()
    const body = { ...key, prior: 'high', description: 'Second' }
    const first = await post('/api/tasks', body, idempotencyKey)
    expect(first.statusCode).toBe(409)
    expect(first.json()).toMatchObject({ duplicate_open_task_id: open.id })
    const second = await post('/api/tasks', body, idempotencyKey)
    expect(second.statusCode).toBe(409)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
  })

  test('a task with photos resent (a new multipart boundary) is one task with its photos; other photos are 422', async () => {
    const key = await keys.property()
    const idempotencyKey = newKey()
    const fields = { ...key, prior: 'urgent', description: 'Water in hallway' }
    const files = [{ field: 'images', name: 'hall.jpg', data: await photo('#3366aa'), type: 'image/jpeg' }]
    const sendWithKey = async (parts: typeof files) => {
      const form = await multipartForm(fields, parts)
      return ctx.request({
        method: 'POST',
        url: '/api/tasks',
        token: pmToken,
        headers: { ...form.headers, 'idempotency-key': idempotencyKey },
        payload: form.payload,
      })
    }
    const first = await sendWithKey(files)
    expect(first.statusCode).toBe(201)
    const second = await sendWithKey(files)
    expect(second.statusCode).toBe(201)
    expect(second.json()).toEqual(first.json())
    const created = await tasksAt(key.site_code, key.task_type_id)
    expect(created).toHaveLength(1)
    expect(await ctx.db.select().from(taskImages).where(eq(taskImages.task_id, created[0]!.id))).toHaveLength(1)
    const changed = await sendWithKey([{ ...files[0]!, data: await photo('#aa3333') }])
    expect(changed.statusCode).toBe(422)
    expect(changed.json()).toMatchObject({ field: 'Idempotency-Key' })
  })

  test('two sends with one key at once create one task: the other waits its turn (409) or gets the same answer', async () => {
    const key = await keys.property()
    const idempotencyKey = newKey()
    const body = { ...key, prior: 'high', description: 'Both at once' }
    const answers = await Promise.all([
      post('/api/tasks', body, idempotencyKey),
      post('/api/tasks', body, idempotencyKey),
    ])
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses)
    const waited = answers.find((answer) => answer.statusCode === 409)
    if (waited) expect(waited.json()).toMatchObject({ error: 'idempotency_in_progress', field: 'Idempotency-Key' })
    expect(await tasksAt(key.site_code, key.task_type_id)).toHaveLength(1)
  })

  test('a malformed key is 400 naming Idempotency-Key; a key on a read is ignored', async () => {
    const key = await keys.property()
    for (const bad of ['', 'x'.repeat(256), 'with space']) {
      const response = await post('/api/tasks', { ...key, prior: 'high', description: 'Bad key' }, bad)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ field: 'Idempotency-Key' })
    }
    expect(await tasksAt(key.site_code, key.task_type_id)).toHaveLength(0)
    const read = await ctx.request({
      method: 'GET',
      url: '/api/tasks/overview',
      token: pmToken,
      headers: { 'idempotency-key': 'read' },
    })
    expect(read.statusCode).toBe(200)
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'read'))).toHaveLength(0)
  })
})
