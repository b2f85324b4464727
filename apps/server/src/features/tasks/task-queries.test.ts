import { and, asc, count, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { TaskOverviewRow } from '@storageops/contracts/tasks'
import { locations, taskActivities, taskTypes, tasks } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let token: string

beforeAll(async () => {
  token = await ctx.signInField('rmanager')
})

const get = async (url: string) => {
  const response = await ctx.request({ method: 'GET', url, token })
  return { status: response.statusCode, body: response.json() }
}

const DAY = 86_400_000

/** A facility of its own (no seeded tasks), so a test knows every row it lists. */
async function newFacility(code: string, name: string) {
  await ctx.db.insert(locations).values({
    name,
    location_code: code,
    slug: `${code.toLowerCase()}-test`,
    address: '1 Test Rd',
    city: 'Testville',
    state: 'ZZ',
    zip: '00000',
    lat: 30,
    long: -97,
  })
}

const typesOf = async (category: 'property' | 'unit') =>
  (await ctx.db.select().from(taskTypes).orderBy(asc(taskTypes.id))).filter((type) => type.category === category)

describe('task lists', () => {
  test('the demo data holds both categories of task types and 17 to 26 tasks per facility', async () => {
    const types = (await get('/api/tasks/task_types')).body as Array<{ category: string; title: string }>
    const titles = (category: string) => types.filter((type) => type.category === category).map((type) => type.title)
    expect(titles('property')).toEqual([
      'Camera Offline',
      'Elevator Service',
      'Fence Damage',
      'Gate Malfunction',
      'Landscaping',
      'Lighting Out',
      'Office Cleaning',
      'Parking Lot Repair',
      'Pest Control',
      'Signage Repair',
      'Trash Removal',
    ])
    expect(titles('unit')).toEqual([
      'Damaged Door Spring',
      'Door Repair',
      'Latch Repair',
      'Leak Reported',
      'Lock Cut',
      'Overlock',
      'Pest in Unit',
      'Unit Cleanout',
      'Walkthrough Needed',
    ])
    const perFacility = await ctx.db
      .select({ code: tasks.location_code, value: count() })
      .from(tasks)
      .groupBy(tasks.location_code)
    expect(perFacility).toHaveLength(15)
    for (const { code, value } of perFacility) {
      expect(value, code).toBeGreaterThanOrEqual(17)
      expect(value, code).toBeLessThanOrEqual(26)
    }
    const byStatus = await ctx.db.select({ status: tasks.status, value: count() }).from(tasks).groupBy(tasks.status)
    expect(byStatus.map((row) => row.status).sort()).toEqual(['closed', 'open'])
  })

  test("a facility's open unit tasks come 10 per page, newest first, with the total", async () => {
    const expected = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
      .where(and(eq(tasks.location_code, 'TX100'), eq(tasks.status, 'open'), eq(taskTypes.category, 'unit')))
    const first = await get('/api/tasks?page=1&page_size=10&closed=false&location_code=TX100&type=unit')
    expect(first.status).toBe(200)
    expect(first.body.total_entries).toBe(expected.length)
    expect(first.body.entries.length).toBe(Math.min(10, expected.length))
    const all = [...first.body.entries]
    for (let page = 2; all.length < expected.length; page++) {
      const next = await get(`/api/tasks?page=${page}&page_size=10&closed=false&location_code=TX100&type=unit`)
      expect(next.body.entries.length).toBeGreaterThan(0)
      all.push(...next.body.entries)
    }
    expect(new Set(all.map((task) => task.id))).toEqual(new Set(expected.map((row) => row.id)))
    for (const task of all)
      expect(task).toMatchObject({ status: 'open', site_code: 'TX100', task_type: { category: 'unit' } })
    const times = all.map((task) => new Date(task.created_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  test('closed tasks are listed most recently closed first, property tasks apart from unit tasks', async () => {
    const { body } = await get('/api/tasks?page=1&page_size=50&closed=true&location_code=TX101&type=property')
    expect(body.entries.length).toBeGreaterThan(0)
    for (const task of body.entries)
      expect(task).toMatchObject({ status: 'closed', task_type: { category: 'property' } })
    const times = body.entries.map((task: { closed_at: string }) => new Date(task.closed_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  test('lists follow the times, not the order rows were written: closed by closing time, open by creation', async () => {
    await newFacility('ZZ910', 'Testville Order #910')
    const [property, unit] = [await typesOf('property'), await typesOf('unit')]
    const now = Date.now()
    const at = (days: number) => new Date(now - days * DAY)
    const closed = (days: number) => ({
      location_code: 'ZZ910',
      task_type_id: property[0]!.id,
      prior: 'low' as const,
      description: `closed ${days} days ago`,
      status: 'closed' as const,
      created_at: at(30),
      updated_at: at(days),
      closed_at: at(days),
    })
    const ids = async (rows: Array<typeof tasks.$inferInsert>) =>
      (await ctx.db.insert(tasks).values(rows).returning({ id: tasks.id })).map((row) => row.id)
    // Written in this order: closed 3, 1, 4 and 2 days ago, then another closed 1 day ago (a tie).
    const [c3, c1, c4, c2, c1b] = await ids([closed(3), closed(1), closed(4), closed(2), closed(1)])
    const open = (type: number, days: number) => ({
      location_code: 'ZZ910',
      task_type_id: property[type]!.id,
      prior: 'low' as const,
      description: `opened ${days} days ago`,
      created_at: at(days),
      updated_at: at(days),
    })
    const [o2, o5, o1] = await ids([open(1, 2), open(2, 5), open(3, 1)])
    // Left out: a closed unit task, when property tasks are asked for.
    await ids([{ ...closed(0.5), task_type_id: unit[0]!.id, unit_no: 'A101' }])

    const page = async (closedList: boolean, number: number) =>
      (await get(`/api/tasks?page=${number}&page_size=2&closed=${closedList}&location_code=ZZ910&type=property`)).body
    const closedPages = [await page(true, 1), await page(true, 2), await page(true, 3)]
    expect(closedPages.map((body) => body.entries.map((task: { id: number }) => task.id))).toEqual([
      [c1b, c1],
      [c2, c3],
      [c4],
    ])
    expect(closedPages.map((body) => body.total_entries)).toEqual([5, 5, 5])
    const openPages = [await page(false, 1), await page(false, 2)]
    expect(openPages.map((body) => body.entries.map((task: { id: number }) => task.id))).toEqual([[o1, o2], [o5]])
    expect(openPages[0].total_entries).toBe(3)
  })

  test('without a facility the lists span every facility, in the same order', async () => {
    const closed = (await get('/api/tasks?page=1&page_size=50&closed=true')).body
    const [closedCount] = await ctx.db.select({ value: count() }).from(tasks).where(eq(tasks.status, 'closed'))
    expect(closed.total_entries).toBe(closedCount!.value)
    expect(new Set(closed.entries.map((task: { site_code: string }) => task.site_code)).size).toBeGreaterThan(1)
    const byClosing = closed.entries.map((task: { closed_at: string; id: number }) => [
      Date.parse(task.closed_at),
      task.id,
    ])
    expect(byClosing).toEqual([...byClosing].sort((a, b) => b[0] - a[0] || b[1] - a[1]))
    const open = (await get('/api/tasks?page=1&page_size=50&closed=false&type=unit')).body
    const [openUnits] = await ctx.db
      .select({ value: count() })
      .from(tasks)
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
      .where(and(eq(tasks.status, 'open'), eq(taskTypes.category, 'unit')))
    expect(open.total_entries).toBe(openUnits!.value)
    for (const task of open.entries) expect(task).toMatchObject({ status: 'open', task_type: { category: 'unit' } })
    const byCreation = open.entries.map((task: { created_at: string; id: number }) => [
      Date.parse(task.created_at),
      task.id,
    ])
    expect(byCreation).toEqual([...byCreation].sort((a, b) => b[0] - a[0] || b[1] - a[1]))
  })

  test('a page past the end is empty but keeps the total; an unknown facility is 404', async () => {
    const { body } = await get('/api/tasks?page=500&closed=false&location_code=TX100')
    expect(body.entries).toEqual([])
    expect(body.total_entries).toBeGreaterThan(0)
    const unknown = await get('/api/tasks?page=1&closed=false&location_code=ZZ999&type=unit')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Location code is not valid.')
  })

  test('page_size is bounded and page starts at 1', async () => {
    expect((await get('/api/tasks?page=0&location_code=TX100')).status).toBe(400)
    expect((await get('/api/tasks?page_size=1000&location_code=TX100')).status).toBe(400)
    expect((await get('/api/tasks?type=elevator&location_code=TX100')).status).toBe(400)
  })

  test('a task is read with its history newest first; a non-numeric id is 400 and an unknown id 404', async () => {
    const [withHistory] = await ctx.db
      .select({ id: taskActivities.task_id, value: count() })
      .from(taskActivities)
      .groupBy(taskActivities.task_id)
      .orderBy(asc(taskActivities.task_id))
      .having(({ value }) => eq(value, 3))
      .limit(1)
    const { body } = await get(`/api/tasks/${withHistory!.id}`)
    expect(body.task_activities).toHaveLength(3)
    expect(body.task_activities.at(-1).action).toBe('create')
    const times = body.task_activities.map((activity: { created_at: string }) =>
      new Date(activity.created_at).getTime(),
    )
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect((await get('/api/tasks/abc')).status).toBe(400)
    expect(await get('/api/tasks/99999999')).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Task 99999999 does not exist.', field: 'id' },
    })
  })
})

describe('task overview', () => {
  test('the overview figures of a known facility are exact', async () => {
    await ctx.db.insert(locations).values({
      name: 'Testville Known #900',
      location_code: 'ZZ900',
      slug: 'testville-zz-900',
      address: '1 Test Rd',
      city: 'Testville',
      state: 'ZZ',
      zip: '00000',
      lat: 30,
      long: -97,
    })
    const types = await ctx.db.select().from(taskTypes).orderBy(asc(taskTypes.id))
    const property = types.filter((type) => type.category === 'property')
    const unit = types.find((type) => type.category === 'unit')!
    const now = Date.now()
    const at = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3_600_000)
    await ctx.db.insert(tasks).values([
      {
        location_code: 'ZZ900',
        task_type_id: property[0]!.id,
        prior: 'urgent',
        description: 'a',
        created_at: at(12, 2),
        updated_at: at(3),
        role: 'customer_service',
      },
      {
        location_code: 'ZZ900',
        task_type_id: property[1]!.id,
        prior: 'low',
        description: 'b',
        created_at: at(4),
        updated_at: at(8, 5),
        role: 'regional_manager',
      },
      {
        location_code: 'ZZ900',
        task_type_id: unit.id,
        unit_no: 'A101',
        prior: 'high',
        description: 'c',
        created_at: at(1),
        updated_at: at(1),
        role: 'customer_service',
      },
      // Closed tasks do not count, however old.
      {
        location_code: 'ZZ900',
        task_type_id: property[2]!.id,
        prior: 'low',
        description: 'd',
        status: 'closed',
        created_at: at(90),
        updated_at: at(80),
        closed_at: at(80),
        role: 'property_manager',
      },
    ])
    const { body } = await get('/api/tasks/overview')
    expect(body.find((row: { site_code: string }) => row.site_code === 'ZZ900')).toEqual({
      facility_name: 'Testville Known #900',
      site_code: 'ZZ900',
      open_facility_tasks_count: 2,
      open_unit_tasks_count: 1,
      oldest_task_in_day: 12,
      max_inactivity_in_day: 8,
      assigned_to: ['customer_service', 'regional_manager'],
    })
  })

  test('every overview row agrees with the open tasks in the database', async () => {
    const { body } = await get('/api/tasks/overview')
    const open = await ctx.db
      .select({
        location_code: tasks.location_code,
        category: taskTypes.category,
        created_at: tasks.created_at,
        updated_at: tasks.updated_at,
        role: tasks.role,
      })
      .from(tasks)
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
      .where(eq(tasks.status, 'open'))
    const sites = new Set(open.map((row) => row.location_code))
    expect(body.map((row: { site_code: string }) => row.site_code).sort()).toEqual([...sites].sort())
    const now = Date.now()
    for (const row of body) {
      const mine = open.filter((task) => task.location_code === row.site_code)
      expect(row.open_facility_tasks_count).toBe(mine.filter((task) => task.category === 'property').length)
      expect(row.open_unit_tasks_count).toBe(mine.filter((task) => task.category === 'unit').length)
      const oldest = Math.floor((now - Math.min(...mine.map((task) => task.created_at.getTime()))) / DAY)
      expect(Math.abs(row.oldest_task_in_day - oldest)).toBeLessThanOrEqual(1)
      expect(row.assigned_to.sort()).toEqual([...new Set(mine.map((task) => task.role).filter(Boolean))].sort())
    }
  })
})

describe('task search', () => {
  test('a unit number finds the facilities with an open task on that unit', async () => {
    const [unit] = await typesOf('unit')
    await ctx.db.insert(tasks).values([
      { location_code: 'AZ112', task_type_id: unit!.id, unit_no: 'Q9Z1', prior: 'low', description: 'open one' },
      { location_code: 'AZ113', task_type_id: unit!.id, unit_no: 'Q9Z2', prior: 'low', description: 'open two' },
      {
        location_code: 'AZ114',
        task_type_id: unit!.id,
        unit_no: 'Q9Z3',
        prior: 'low',
        description: 'closed',
        status: 'closed',
        closed_at: new Date(),
      },
    ])
    expect((await get('/api/tasks/search?query=q9z')).body.site_codes).toEqual(['AZ112', 'AZ113'])
    expect((await get('/api/tasks/search?query=%20Q9Z2%20')).body.site_codes).toEqual(['AZ113'])
  })

  test('a task type matches in any case, only through open tasks', async () => {
    const [type] = await ctx.db
      .insert(taskTypes)
      .values({ title: 'Solar Panel Cleaning', category: 'property' })
      .returning()
    await ctx.db.insert(tasks).values([
      { location_code: 'AZ111', task_type_id: type!.id, prior: 'low', description: 'open one' },
      {
        location_code: 'AZ112',
        task_type_id: type!.id,
        prior: 'low',
        description: 'closed one',
        status: 'closed',
        closed_at: new Date(),
      },
    ])
    expect((await get('/api/tasks/search?query=sOLAR%20pan')).body.site_codes).toEqual(['AZ111'])
  })

  test('searching answers the matching facilities and how many of their open tasks match, never recounted figures (issue 34)', async () => {
    const gutterTypes = await ctx.db
      .insert(taskTypes)
      .values([
        { title: 'Gutter Sealant Check', category: 'property' },
        { title: 'Gutter Sealant Repair', category: 'property' },
      ])
      .returning()
    const [unit] = await typesOf('unit')
    const created = new Date(Date.now() - 3 * DAY - 60_000)
    const old = new Date(Date.now() - 30 * DAY - 60_000)
    await ctx.db.insert(tasks).values([
      ...gutterTypes.map((type) => ({
        location_code: 'AZ111',
        task_type_id: type.id,
        prior: 'low' as const,
        description: type.title,
        role: 'regional_manager' as const,
        created_at: created,
        updated_at: created,
      })),
      // Not matching: its age and role are still the facility's own figures.
      {
        location_code: 'AZ111',
        task_type_id: unit!.id,
        unit_no: 'K7W4',
        prior: 'low',
        description: 'other task',
        role: 'customer_service',
        created_at: old,
        updated_at: old,
      },
      {
        location_code: 'AZ112',
        task_type_id: gutterTypes[0]!.id,
        prior: 'low',
        description: 'closed gutter',
        status: 'closed',
        closed_at: new Date(),
      },
    ])
    const everything = (await get('/api/tasks/overview')).body as TaskOverviewRow[]
    const own = everything.find((row) => row.site_code === 'AZ111')!
    expect(own.oldest_task_in_day).toBeGreaterThanOrEqual(30)
    expect(own.assigned_to).toContain('customer_service')
    const { body } = await get('/api/tasks/search?query=gutter%20SEALANT')
    expect(body).toEqual({ site_codes: ['AZ111'], matching_tasks_count: { AZ111: 2 } })
    expect((await get('/api/tasks/overview')).body).toContainEqual(own)
    expect((await get('/api/tasks/search?query=no-such-task-zz')).body).toEqual({
      site_codes: [],
      matching_tasks_count: {},
    })
  })

  test('wildcards are taken literally and an empty query is refused', async () => {
    const [type] = await ctx.db
      .insert(taskTypes)
      .values({ title: 'Repaint 100% of_doors', category: 'property' })
      .returning()
    await ctx.db
      .insert(tasks)
      .values({ location_code: 'AZ110', task_type_id: type!.id, prior: 'low', description: 'literal' })
    expect((await get('/api/tasks/search?query=%25%25')).body.site_codes).toEqual([])
    expect((await get('/api/tasks/search?query=100%25')).body.site_codes).toEqual(['AZ110'])
    expect((await get('/api/tasks/search?query=of_d')).body.site_codes).toEqual(['AZ110'])
    expect((await get('/api/tasks/search?query=10_%25')).body.site_codes).toEqual([])
    expect((await get('/api/tasks/search?query=0_%20o')).body.site_codes).toEqual([])
    expect((await get('/api/tasks/search?query=%5C')).body.site_codes).toEqual([])
    expect((await get('/api/tasks/search?query=')).status).toBe(400)
  })

  test('a blank or too long query is a 400 naming query', async () => {
    for (const query of ['', '%20%20', 'x'.repeat(101)]) {
      const { status, body } = await get(`/api/tasks/search?query=${query}`)
      expect([status, body.field]).toEqual([400, 'query'])
    }
    expect((await get('/api/tasks/search')).body.field).toBe('query')
  })

  test('the search has an index per branch on both databases: unit numbers by trigram, types (migration 0036)', async () => {
    // The planner's choice on a test's few rows says nothing of scale 27 (the bench measures that): the indexes exist.
    const result: unknown = await ctx.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'tasks' and indexname like 'tasks_open_%' order by indexname`,
    )
    // Both drivers answer { rows }; the Db type does not say so.
    const definitions = Object.fromEntries(
      (result as { rows: { indexname: string; indexdef: string }[] }).rows.map((row) => [row.indexname, row.indexdef]),
    )
    expect(definitions.tasks_open_unit_no_trgm_idx).toMatch(
      /USING gin \(unit_no gin_trgm_ops\) WHERE \(status = 'open'/,
    )
    expect(definitions.tasks_open_type_idx).toMatch(/USING btree \(task_type_id\) WHERE \(status = 'open'/)
  })
})

describe('activity log', () => {
  test("a facility's activities come newest first, 10 per page, with the total", async () => {
    const [total] = await ctx.db
      .select({ value: count() })
      .from(taskActivities)
      .where(eq(taskActivities.location_code, 'TX103'))
    const first = await get('/api/task_activities?location_code=TX103&page=1')
    const second = await get('/api/task_activities?location_code=TX103&page=2')
    expect(first.body.total_entries).toBe(total!.value)
    expect(first.body.entries).toHaveLength(10)
    const both = [...first.body.entries, ...second.body.entries]
    expect(new Set(both.map((entry) => entry.id)).size).toBe(both.length)
    const times = both.map((entry) => new Date(entry.created_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(first.body.entries[0]).toHaveProperty('task_type.title')
    expect(first.body.entries[0]).toHaveProperty('source_username')
  })

  test('page 1 of the activity log holds the 10 newest entries, whatever order they were written in', async () => {
    await newFacility('ZZ911', 'Testville Log #911')
    const [property] = await typesOf('property')
    const [task] = await ctx.db
      .insert(tasks)
      .values({ location_code: 'ZZ911', task_type_id: property!.id, prior: 'low', description: 'logged' })
      .returning()
    const now = Date.now()
    // 25 entries one minute apart, written in a shuffled order (minute 0 is the newest).
    const minutes = [12, 3, 24, 0, 17, 8, 21, 5, 14, 1, 19, 10, 23, 6, 15, 2, 20, 11, 4, 22, 9, 16, 7, 18, 13]
    const rows = await ctx.db
      .insert(taskActivities)
      .values(
        minutes.map((minute) => ({
          task_id: task!.id,
          location_code: 'ZZ911',
          action: 'note' as const,
          note: `minute ${minute}`,
          status: 'open' as const,
          source: 'customer_service' as const,
          source_username: 'csagent',
          source_user_email: 'casey.alvarez@harborpoint.example',
          created_at: new Date(now - minute * 60_000),
        })),
      )
      .returning({ id: taskActivities.id, note: taskActivities.note })
    const idOfMinute = new Map(rows.map((row) => [row.note, row.id]))
    const expected = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => idOfMinute.get(`minute ${from + index}`))
    const pages = [1, 2, 3].map((page) => get(`/api/task_activities?location_code=ZZ911&page=${page}`))
    const [first, second, third] = await Promise.all(pages)
    expect(first!.body.entries.map((entry: { id: number }) => entry.id)).toEqual(expected(0, 10))
    expect(second!.body.entries.map((entry: { id: number }) => entry.id)).toEqual(expected(10, 20))
    expect(third!.body.entries.map((entry: { id: number }) => entry.id)).toEqual(expected(20, 25))
    expect(first!.body.total_entries).toBe(25)
    expect(first!.body.entries[0]).toMatchObject({
      note: 'minute 0',
      task_id: task!.id,
      task_type: { id: property!.id, title: property!.title, category: 'property' },
      unit_no: null,
      source_username: 'csagent',
      // Recorded before full names were kept: the username stands in.
      source_full_name: 'csagent',
    })
  })

  test("an unknown facility's activity log is 404", async () => {
    expect((await get('/api/task_activities?location_code=ZZ999&page=1')).status).toBe(404)
  })
})
