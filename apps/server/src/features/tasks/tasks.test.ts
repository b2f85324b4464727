import { and, asc, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, test } from 'vitest'
import { TASK_TEXT } from '@storageops/contracts/task-rules'
import { auditLog, taskActivities, tasks, users } from '../../db/schema.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { useTestContext } from '../../test/context.ts'
import { createFreshKeys } from './task-test-data.ts'
import type { Db } from '../../db/client.ts'
import { replacingTransactions, uniqueViolation } from '../../test/staged-transactions.ts'
import { createTask as createTaskDirectly, recordTaskActivity, type TaskActor } from './task-writes.service.ts'

const ctx = useTestContext()
let pmToken: string
let csToken: string
let keys: ReturnType<typeof createFreshKeys>

beforeAll(async () => {
  pmToken = await ctx.signInField('pmanager')
  csToken = await ctx.signInField('csagent')
  keys = createFreshKeys(ctx.db)
})

const createTask = (payload: Record<string, unknown>, token = pmToken) =>
  ctx.request({
    method: 'POST',
    url: '/api/tasks',
    token,
    payload: { prior: 'high', description: 'Door will not close.', ...payload },
  })
const act = (payload: Record<string, unknown>, token = pmToken, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'POST', url: '/api/task_activities', token, payload, headers })
const getTask = async (id: number) =>
  (await ctx.request({ method: 'GET', url: `/api/tasks/${id}`, token: pmToken })).json()

async function newOpenTask(key?: { site_code: string; task_type_id: number }) {
  const response = await createTask(key ?? (await keys.property()))
  expect(response.statusCode).toBe(201)
  return response.json<{ id: number; updated_at: string }>()
}

/** A meeting point: each caller waits until `parties` callers have arrived. */
function barrier(parties: number) {
  let arrived = 0
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return async () => {
    if (++arrived === parties) open()
    await opened
  }
}

/** The database with every transaction held at `arrive` until all parties are there. */
const holdingTransactions = (db: Db, arrive: () => Promise<void>) =>
  replacingTransactions(db, async (run, body) => {
    await arrive()
    return run(body)
  })

/**
 * PostgreSQL only: holds every write to tasks (a SHARE lock taken on a second connection) until `writers`
 * requests wait for it, so they all pass their checks before any of them writes; then lets them go.
 */
async function raceTaskWrites<T>(writers: number, start: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: ctx.databaseUrl })
  await holder.connect()
  try {
    await holder.query('begin')
    await holder.query('lock table tasks in share mode')
    const done = start()
    for (;;) {
      const { rows } = await holder.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_locks where relation = 'tasks'::regclass and not granted`,
      )
      if (rows[0]!.waiting >= writers) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await holder.query('commit')
    return await done
  } finally {
    await holder.end()
  }
}

const pmActor: TaskActor = {
  kind: 'field',
  user_id: null,
  username: 'pmanager',
  full_name: 'Parker Dawson',
  email: 'parker.dawson@harborpoint.example',
  source: 'property_manager',
  acted_at: null,
}

describe('creating tasks', () => {
  test('a property task is created open, with a create activity by the signed-in user', async () => {
    const key = await keys.property()
    const response = await createTask({ ...key, unit_no: 'IGNORED', description: '  Gate arm bent.  ' })
    expect(response.statusCode).toBe(201)
    const task = response.json()
    expect(task).toMatchObject({
      site_code: key.site_code,
      status: 'open',
      prior: 'high',
      description: 'Gate arm bent.',
      unit_no: null,
      role: null,
      closed_at: null,
      images: [],
      appointment_id: null,
    })
    expect(task.task_type).toMatchObject({ id: key.task_type_id, category: 'property' })
    expect(task.task_activities).toHaveLength(1)
    expect(task.task_activities[0]).toMatchObject({
      action: 'create',
      status: 'open',
      source: 'property_manager',
      source_username: 'pmanager',
      source_user_email: 'parker.dawson@harborpoint.example',
      source_full_name: 'Parker Dawson',
      unit_no: null,
    })
    expect(task.created_at).toBe(task.updated_at)
  })

  test('a task reads with every field of snapshot-field-tool §3, its type with id, title and category', async () => {
    const key = await keys.unit()
    const created = await createTask({ ...key, prior: 'urgent' })
    expect(created.statusCode).toBe(201)
    const task = await getTask(created.json<{ id: number }>().id)
    expect(Object.keys(task)).toEqual(
      expect.arrayContaining([
        ...['id', 'task_type', 'unit_no', 'prior', 'description', 'status', 'role', 'created_at', 'updated_at'],
        ...['closed_at', 'images', 'appointment_id', 'task_activities'],
      ]),
    )
    expect(task).toMatchObject({
      unit_no: key.unit_no,
      prior: 'urgent',
      description: 'Door will not close.',
      status: 'open',
      role: null,
      closed_at: null,
      images: [],
      appointment_id: null,
    })
    expect(task.task_type).toEqual(
      expect.objectContaining({ id: key.task_type_id, title: expect.any(String), category: 'unit' }),
    )
    expect(task.task_activities.map((activity: { action: string }) => activity.action)).toEqual(['create'])
    for (const prior of ['high', 'medium', 'low'])
      expect((await createTask({ ...(await keys.property()), prior })).json().prior).toBe(prior)
    expect((await createTask({ ...(await keys.property()), prior: 'someday' })).statusCode).toBe(400)
    for (const role of ['customer_service', 'property_manager', 'regional_manager'])
      expect((await act({ task_id: task.id, role })).statusCode).toBe(201)
    expect((await getTask(task.id)).role).toBe('regional_manager')
  })

  test('a unit task needs a unit of that facility', async () => {
    const key = await keys.unit()
    const missing = await createTask({ ...key, unit_no: undefined })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ field: 'unit_no', message: 'Please choose a unit for a unit task.' })
    const foreign = await createTask({ ...key, unit_no: 'Z999' })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ field: 'unit_no', message: 'Unit Z999 is not a unit of this facility.' })
    const ok = await createTask(key)
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toMatchObject({ unit_no: key.unit_no, task_type: { category: 'unit' } })
  })

  test('at a facility without a map, a unit the storage-management system lists is taken (the form offers those)', async () => {
    const admin = await ctx.signInAdmin()
    const created = await ctx.adminCall('POST', '/api/locations', admin, {
      name: 'Mapless Test #902',
      location_code: 'NV902',
      slug: 'mapless-test-nv902',
      address: '902 Desert Way',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
      lat: 39.53,
      long: -119.81,
    })
    expect(created.statusCode, created.body).toBe(201)
    const offered = await ctx.request({
      method: 'POST',
      url: '/api/ssm/GetAllUnits',
      token: pmToken,
      payload: { location_code: 'NV902' },
    })
    const unitNo = offered.json<{ Record: Array<{ UNITEXTERNALID: string[] }> }>().Record[0]!.UNITEXTERNALID[0]!
    const { task_type_id } = await keys.unit()
    const response = await createTask({ site_code: 'NV902', task_type_id, unit_no: unitNo })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ unit_no: unitNo })
    const foreign = await createTask({ site_code: 'NV902', task_type_id, unit_no: 'Z999' })
    expect(foreign.json()).toMatchObject({ field: 'unit_no', message: 'Unit Z999 is not a unit of this facility.' })
  })

  test('a create without a description, with an unknown task type or facility is refused', async () => {
    const key = await keys.property()
    const blank = await createTask({ ...key, description: '   ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().field).toBe('description')
    const type = await createTask({ ...key, task_type_id: 9999 })
    expect(type.statusCode).toBe(400)
    expect(type.json()).toMatchObject({ field: 'task_type_id', message: 'Task type is not valid.' })
    const site = await createTask({ ...key, site_code: 'ZZ999' })
    expect(site.statusCode).toBe(404)
    expect(site.json().message).toBe('Location code is not valid.')
  })

  test('priority defaults to medium when not chosen', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/tasks',
      token: pmToken,
      payload: { ...(await keys.property()), description: 'No priority given' },
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().prior).toBe('medium')
  })

  test('a second open task with the same facility, task type and unit is refused with 409 and the open task id', async () => {
    const key = await keys.unit()
    const first = await createTask(key)
    const second = await createTask({ ...key, description: 'Another report' })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toEqual({
      error: 'conflict',
      message: TASK_TEXT.duplicateText,
      duplicate_open_task_id: first.json().id,
    })
  })

  test('simultaneous identical creates make exactly one task', async () => {
    const key = await keys.unit('AZ110')
    const responses = await Promise.all(Array.from({ length: 6 }, () => createTask(key)))
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409])
    const created = responses.find((response) => response.statusCode === 201)!.json()
    for (const response of responses.filter((candidate) => candidate.statusCode === 409))
      expect(response.json().duplicate_open_task_id).toBe(created.id)
    const rows = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.location_code, key.site_code),
          eq(tasks.task_type_id, key.task_type_id),
          eq(tasks.unit_no, key.unit_no),
        ),
      )
    expect(rows).toHaveLength(1)
  })

  test('two creates that both pass the duplicate check make one task; the later gets 409 with its id', async () => {
    const key = await keys.unit('AZ111')
    const input = { ...key, prior: 'high' as const, description: 'Door off its track.' }
    // Both creates wait at the start of their write until both have checked for an open duplicate (none yet).
    const db = holdingTransactions(ctx.db, barrier(2))
    const results = await Promise.allSettled([
      createTaskDirectly(db, input, pmActor, { files: ctx.files }),
      createTaskDirectly(db, input, pmActor, { files: ctx.files }),
    ])
    const created = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter((result) => result.status === 'rejected')
    expect(created).toHaveLength(1)
    expect(refused).toHaveLength(1)
    expect(refused[0]!.reason).toMatchObject({
      statusCode: 409,
      message: TASK_TEXT.duplicateText,
      extra: { duplicate_open_task_id: created[0]!.value.id },
    })
    const rows = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          eq(tasks.location_code, key.site_code),
          eq(tasks.task_type_id, key.task_type_id),
          eq(tasks.unit_no, key.unit_no),
        ),
      )
    expect(rows).toEqual([{ id: created[0]!.value.id }])
  })

  test('the database itself refuses a second open duplicate, with the unique violation the service catches', async () => {
    const key = await keys.property()
    const values = {
      location_code: key.site_code,
      task_type_id: key.task_type_id,
      prior: 'low' as const,
      description: 'direct',
    }
    await ctx.db.insert(tasks).values(values)
    const error = await ctx.db
      .insert(tasks)
      .values(values)
      .then(
        () => null,
        (caught: unknown) => caught,
      )
    // The service turns exactly this driver error into the 409, on PGlite and on node-postgres alike.
    expect(isUniqueViolation(error)).toBe(true)
    // A closed twin is allowed: only open tasks are unique.
    await ctx.db.insert(tasks).values({ ...values, status: 'closed', closed_at: new Date() })
  })
})

describe('notes, assignment, closing and reopening', () => {
  test('a note needs text: blank is 400 "Please enter comment!" naming note', async () => {
    const task = await newOpenTask()
    const response = await act({ task_id: task.id, note: '  ' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: TASK_TEXT.noteRequired, field: 'note' })
  })

  test('a note is recorded with the session user, keeps the status and moves updated_at', async () => {
    const task = await newOpenTask()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const response = await act({ task_id: task.id, note: '  Vendor called.\n' }, csToken, {
      username: 'someone-else',
      'x-snapshot-username': 'someone-else',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      action: 'note',
      note: 'Vendor called.',
      status: 'open',
      source: 'customer_service',
      source_username: 'csagent',
      source_user_email: 'casey.alvarez@harborpoint.example',
      source_full_name: 'Casey Alvarez',
      task_id: task.id,
    })
    const after = await getTask(task.id)
    expect(after.status).toBe('open')
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(task.updated_at).getTime())
    expect(after.updated_at).toBe(response.json().created_at)
    expect(after.task_activities.map((activity: { action: string }) => activity.action)).toEqual(['note', 'create'])
  })

  test('assigning a role sets the assignee and keeps the status', async () => {
    const task = await newOpenTask()
    const response = await act({ task_id: task.id, role: 'regional_manager' }, await ctx.signInField('rmanager'))
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      action: 'assign',
      role: 'regional_manager',
      status: 'open',
      source: 'regional_manager',
      source_username: 'rmanager',
    })
    expect(await getTask(task.id)).toMatchObject({ role: 'regional_manager', status: 'open' })
  })

  test('assigning the role a task already has records no second "assigned" entry: 200 with the one that gave it', async () => {
    const task = await newOpenTask()
    const first = await act({ task_id: task.id, role: 'regional_manager' })
    expect(first.statusCode).toBe(201)
    const again = await act({ task_id: task.id, role: 'regional_manager' }, csToken)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const after = await getTask(task.id)
    expect(after.task_activities.map((activity: { action: string }) => activity.action)).toEqual(['assign', 'create'])
    expect(after.updated_at).toBe(first.json().created_at)
    expect((await act({ task_id: task.id, role: 'property_manager' })).statusCode).toBe(201)
  })

  test('closing without a note is refused with "Please enter note before closing the task." naming note', async () => {
    const task = await newOpenTask()
    for (const payload of [
      { task_id: task.id, status: 'closed' },
      { task_id: task.id, status: 'closed', note: ' \n ' },
    ]) {
      const response = await act(payload)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        error: 'invalid_input',
        message: TASK_TEXT.closeNoteRequired,
        field: 'note',
      })
    }
    expect((await getTask(task.id)).status).toBe('open')
  })

  test('closing with a note closes the task, sets closed_at and records the note', async () => {
    const task = await newOpenTask()
    const response = await act({ task_id: task.id, status: 'closed', note: 'Fixed the spring.' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ action: 'close', status: 'closed', note: 'Fixed the spring.' })
    const closed = await getTask(task.id)
    expect(closed.status).toBe('closed')
    expect(closed.closed_at).toBe(response.json().created_at)
    expect(closed.updated_at).toBe(closed.closed_at)
  })

  test('a closed task takes no note, assignment or second close: 409', async () => {
    const task = await newOpenTask()
    await act({ task_id: task.id, status: 'closed', note: 'done' })
    for (const [payload, message] of [
      [{ note: 'late note' }, 'Only open tasks can take notes. Reopen the task first.'],
      [{ role: 'customer_service' }, 'Only open tasks can be assigned. Reopen the task first.'],
      [{ status: 'closed', note: 'again' }, 'Only open tasks can be closed. Reopen the task first.'],
    ] as const) {
      const response = await act({ task_id: task.id, ...payload })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({ error: 'task_closed', message })
    }
    const activities = await ctx.db.select().from(taskActivities).where(eq(taskActivities.task_id, task.id))
    expect(activities.map((activity) => activity.action).sort()).toEqual(['close', 'create'])
  })

  test('reopening a closed task opens it and clears closed_at; reopening an open task is 409', async () => {
    const task = await newOpenTask()
    const open = await act({ task_id: task.id, status: 'open' })
    expect(open.statusCode).toBe(409)
    expect(open.json().message).toBe('This task is already open.')
    await act({ task_id: task.id, status: 'closed', note: 'done' })
    const reopened = await act({ task_id: task.id, status: 'open' }, csToken)
    expect(reopened.statusCode).toBe(201)
    expect(reopened.json()).toMatchObject({ action: 'reopen', status: 'open', source_username: 'csagent' })
    expect(await getTask(task.id)).toMatchObject({ status: 'open', closed_at: null })
  })

  test('reopening while an open duplicate exists is 409 with that task id', async () => {
    const key = await keys.unit()
    const first = (await createTask(key)).json()
    await act({ task_id: first.id, status: 'closed', note: 'done' })
    const second = (await createTask(key)).json()
    const response = await act({ task_id: first.id, status: 'open' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: TASK_TEXT.duplicateText, duplicate_open_task_id: second.id })
    expect((await getTask(first.id)).status).toBe('closed')
  })

  test('two simultaneous reopens of closed twins open exactly one', async () => {
    const key = await keys.property('TX101')
    const first = (await createTask(key)).json()
    await act({ task_id: first.id, status: 'closed', note: 'done' })
    const second = (await createTask(key)).json()
    await act({ task_id: second.id, status: 'closed', note: 'done' })
    const reopenBoth = () =>
      Promise.all([act({ task_id: first.id, status: 'open' }), act({ task_id: second.id, status: 'open' })])
    // On PostgreSQL both reopens pass their duplicate check before either writes (two connections meet at
    // a lock), so one of them hits the unique index. PGlite has one connection: transactions run one after
    // another and the second reopen finds the first one's open twin.
    const responses = ctx.dbKind === 'postgres' ? await raceTaskWrites(2, reopenBoth) : await reopenBoth()
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409])
    const winner = responses.find((response) => response.statusCode === 201)!.json<{ task_id: number }>()
    const loser = responses.find((response) => response.statusCode === 409)!
    expect(loser.json()).toMatchObject({ message: TASK_TEXT.duplicateText, duplicate_open_task_id: winner.task_id })
    const [open] = await ctx.db
      .select({ value: sql<number>`count(*)::int` })
      .from(tasks)
      .where(
        and(eq(tasks.location_code, key.site_code), eq(tasks.task_type_id, key.task_type_id), eq(tasks.status, 'open')),
      )
    expect(open!.value).toBe(1)
  })

  test('an activity must be exactly one of close, note, role or reopen', async () => {
    const task = await newOpenTask()
    for (const payload of [
      { task_id: task.id },
      { task_id: task.id, note: 'x', role: 'customer_service' },
      { task_id: task.id, status: 'open', note: 'x' },
      { task_id: task.id, role: 'janitor' },
    ]) {
      expect((await act(payload)).statusCode).toBe(400)
    }
    const unknown = await act({ task_id: 99999999, note: 'x' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Task 99999999 does not exist.', field: 'task_id' })
    // The service refuses such an input itself, not only the route's schema.
    await expect(recordTaskActivity(ctx.db, { task_id: task.id }, pmActor)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Send task_id with one of: status closed (with a note), a note, a role, or status open.',
    })
  })

  test('every action leaves an audit row with the acting user and the task before and after', async () => {
    const key = await keys.property()
    const created = (await createTask({ ...key, prior: 'low', description: 'Gate chain loose.' })).json()
    await act({ task_id: created.id, note: 'Chain ordered.' })
    await act({ task_id: created.id, role: 'regional_manager' })
    await act({ task_id: created.id, status: 'closed', note: 'Chain replaced.' })
    await act({ task_id: created.id, status: 'open' })
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'task'), eq(auditLog.entity_id, String(created.id))))
      .orderBy(asc(auditLog.id))
    expect(rows.map((row) => [row.action, row.actor_kind, row.actor_name])).toEqual([
      ['task.create', 'field', 'pmanager'],
      ['task.note', 'field', 'pmanager'],
      ['task.assign', 'field', 'pmanager'],
      ['task.close', 'field', 'pmanager'],
      ['task.reopen', 'field', 'pmanager'],
    ])
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [
        null,
        expect.objectContaining({
          id: created.id,
          location_code: key.site_code,
          task_type_id: key.task_type_id,
          unit_no: null,
          prior: 'low',
          description: 'Gate chain loose.',
          status: 'open',
          role: null,
          closed_at: null,
          images: [],
        }),
      ],
      [
        { status: 'open', role: null },
        { status: 'open', role: null, note: 'Chain ordered.' },
      ],
      [
        { status: 'open', role: null },
        { status: 'open', role: 'regional_manager', note: null },
      ],
      [
        { status: 'open', role: 'regional_manager' },
        { status: 'closed', role: 'regional_manager', note: 'Chain replaced.' },
      ],
      [
        { status: 'closed', role: 'regional_manager' },
        { status: 'open', role: 'regional_manager', note: null },
      ],
    ])
  })
})

describe('races the unique index of open tasks settles', () => {
  const openTwin = (key: { site_code: string; task_type_id: number }) =>
    ctx.db
      .insert(tasks)
      .values({ location_code: key.site_code, task_type_id: key.task_type_id, prior: 'low', description: 'twin' })
      .returning({ id: tasks.id })
      .then(([row]) => row!.id)
  const createInput = (key: { site_code: string; task_type_id: number }) => ({
    ...key,
    unit_no: null,
    prior: 'high' as const,
    description: 'Raced create.',
  })

  test('a create that fails for another reason after a twin opened passes its own failure on', async () => {
    const key = await keys.property()
    const failure = new Error('disk full')
    const db = replacingTransactions(ctx.db, async () => {
      await openTwin(key)
      throw failure
    })
    await expect(createTaskDirectly(db, createInput(key), pmActor, { files: ctx.files })).rejects.toBe(failure)
  })

  test('a create that meets the unique index with no open twin left passes the violation on, not a 409 naming no task', async () => {
    const key = await keys.property()
    const violation = uniqueViolation()
    const db = replacingTransactions(ctx.db, () => Promise.reject(violation))
    await expect(createTaskDirectly(db, createInput(key), pmActor, { files: ctx.files })).rejects.toBe(violation)
  })

  /** Two closed tasks of one facility and task type. */
  async function closedTwins() {
    const key = await keys.property()
    const first = await newOpenTask(key)
    await act({ task_id: first.id, status: 'closed', note: 'done' })
    const twin = await newOpenTask(key)
    await act({ task_id: twin.id, status: 'closed', note: 'done' })
    return { first, twin }
  }

  test("a reopen that loses the race to its twin's reopen is 409 with the twin's id and stays closed", async () => {
    const { first, twin } = await closedTwins()
    const violation = uniqueViolation()
    // The reopen passes its check and writes; meanwhile the twin's reopen commits, so the write meets the index.
    const db = replacingTransactions(ctx.db, (run, body) =>
      run(async (tx) => {
        await body(tx)
        throw violation
      }).catch(async (error: unknown) => {
        await ctx.db.update(tasks).set({ status: 'open', closed_at: null }).where(eq(tasks.id, twin.id))
        throw error
      }),
    )
    await expect(recordTaskActivity(db, { task_id: first.id, status: 'open' }, pmActor)).rejects.toMatchObject({
      statusCode: 409,
      message: TASK_TEXT.duplicateText,
      extra: { duplicate_open_task_id: twin.id },
    })
    expect((await getTask(first.id)).status).toBe('closed')
  })

  test('a reopen or a note that meets the unique index with no open twin passes the violation on', async () => {
    const { first } = await closedTwins()
    const violation = uniqueViolation()
    const reopening = replacingTransactions(ctx.db, (run, body) =>
      run(async (tx) => {
        await body(tx)
        throw violation
      }),
    )
    await expect(recordTaskActivity(reopening, { task_id: first.id, status: 'open' }, pmActor)).rejects.toBe(violation)
    const task = await newOpenTask()
    const failing = replacingTransactions(ctx.db, () => Promise.reject(violation))
    await expect(recordTaskActivity(failing, { task_id: task.id, note: 'x' }, pmActor)).rejects.toBe(violation)
  })
})

describe('who may use the task service', () => {
  test('no token is 401; an admin without the Snapshot page is 403', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/tasks/overview' })).statusCode).toBe(401)
    const editor = await ctx.signInAdmin('editor@example.com')
    expect(
      (await ctx.request({ method: 'GET', url: '/api/tasks/overview', token: editor, host: 'admin.localhost' }))
        .statusCode,
    ).toBe(403)
  })

  test('an admin allowed the Snapshot page acts as customer service under their email', async () => {
    const admin = await ctx.signInAdmin('cs@example.com')
    const task = await newOpenTask()
    const response = await act({ task_id: task.id, note: 'From the console' }, admin)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      source: 'customer_service',
      source_username: 'cs@example.com',
      source_user_email: 'cs@example.com',
      source_full_name: 'Sage Whitaker',
    })
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'cs@example.com'))
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(task.id)), eq(auditLog.action, 'task.note')))
    expect(audit.map((row) => [row.actor_kind, row.actor_user_id, row.actor_name])).toEqual([
      ['admin', user!.id, 'cs@example.com'],
    ])
  })
})
