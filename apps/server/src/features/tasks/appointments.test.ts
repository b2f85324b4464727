import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { TASK_TEXT } from '@storageops/contracts/task-rules'
import { auditLog, locationUnits, taskActivities, tasks } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let token: string

beforeAll(async () => {
  token = await ctx.signInField('csagent')
})

const cancel = (id: number) => ctx.request({ method: 'PUT', url: `/api/appointments/${id}/cancel`, token })

async function tasksWithAppointments() {
  return ctx.db
    .select()
    .from(tasks)
    .where(and(isNotNull(tasks.appointment_id), eq(tasks.status, 'open')))
    .orderBy(asc(tasks.id))
}

describe('appointment cancel', () => {
  test('the demo data holds open tasks with appointments known to the storage-management system', async () => {
    expect((await tasksWithAppointments()).length).toBeGreaterThanOrEqual(3)
  })

  test('cancelling goes through the storage-management system, then the task forgets the appointment with a note', async () => {
    const [task] = await tasksWithAppointments()
    const calls = ctx.ssm.calls.length
    const response = await cancel(task!.appointment_id!)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      appointment_id: task!.appointment_id,
      task_id: task!.id,
      message: TASK_TEXT.appointmentCancelled,
    })
    expect(ctx.ssm.calls.slice(calls)).toEqual(['CancelAppointment'])
    const [after] = await ctx.db.select().from(tasks).where(eq(tasks.id, task!.id))
    expect(after).toMatchObject({ appointment_id: null, status: 'open' })
    expect(after!.updated_at.getTime()).toBeGreaterThan(task!.updated_at.getTime())
    const [note] = await ctx.db
      .select()
      .from(taskActivities)
      .where(eq(taskActivities.task_id, task!.id))
      .orderBy(asc(taskActivities.id))
      .then((rows) => rows.slice(-1))
    expect(note).toMatchObject({
      action: 'note',
      note: `Appointment #${task!.appointment_id} cancelled.`,
      source_username: 'csagent',
    })
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'task'), eq(auditLog.entity_id, String(task!.id))))
    expect(
      audits.map(({ action, actor_kind, actor_name, before, after }) => ({
        action,
        actor_kind,
        actor_name,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'task.appointment_cancel',
        actor_kind: 'field',
        actor_name: 'csagent',
        before: { appointment_id: task!.appointment_id },
        after: { appointment_id: null },
      },
    ])
    // No task holds it any more.
    const again = await cancel(task!.appointment_id!)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({
      error: 'not_found',
      message: `No task holds appointment ${task!.appointment_id}.`,
      field: 'id',
    })
  })

  test("the system's refusal reaches the client as 502 with its own message", async () => {
    const [, task] = await tasksWithAppointments()
    ctx.ssm.failNext('CancelAppointment', -5, 'Appointment is locked by another user')
    const response = await cancel(task!.appointment_id!)
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ error: 'upstream_failed', message: 'Appointment is locked by another user' })
    const [after] = await ctx.db.select().from(tasks).where(eq(tasks.id, task!.id))
    expect(after!.appointment_id).toBe(task!.appointment_id)
  })

  test('an appointment the system does not know gives its not-found message', async () => {
    const [, , task] = await tasksWithAppointments()
    await ctx.db.update(tasks).set({ appointment_id: 4_000_001 }).where(eq(tasks.id, task!.id))
    const response = await cancel(4_000_001)
    expect(response.statusCode).toBe(502)
    expect(response.json().message).toBe('Appointment 4000001 was not found')
  })

  test("a closed task's appointment cannot be cancelled", async () => {
    const [task] = await ctx.db.select().from(tasks).where(eq(tasks.status, 'closed')).limit(1)
    await ctx.db.update(tasks).set({ appointment_id: 4_000_002 }).where(eq(tasks.id, task!.id))
    const response = await cancel(4_000_002)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      error: 'task_closed',
      message: 'Only open tasks can have an appointment cancelled. Reopen the task first.',
    })
  })
})

describe('units from the storage-management system', () => {
  test("POST /api/ssm/GetAllUnits lists the facility's units with UNITEXTERNALID as first item", async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/ssm/GetAllUnits',
      token,
      payload: { location_code: 'TX100' },
    })
    expect(response.statusCode).toBe(200)
    const records = response.json().Record as Array<Record<string, string[]>>
    expect(Object.keys(records[0]!)[0]).toBe('UNITEXTERNALID')
    const units = await ctx.db
      .select({ unit_no: locationUnits.unit_no })
      .from(locationUnits)
      .where(and(eq(locationUnits.location_code, 'TX100'), eq(locationUnits.system, false)))
    expect(records.map((record) => record.UNITEXTERNALID![0]).sort()).toEqual(units.map((unit) => unit.unit_no).sort())
  })

  test('an unknown facility is 404 and a failing system 502 with its message', async () => {
    expect(
      (await ctx.request({ method: 'POST', url: '/api/ssm/GetAllUnits', token, payload: { location_code: 'ZZ999' } }))
        .statusCode,
    ).toBe(404)
    ctx.ssm.failNext('GetAllUnits', -9, 'Unit list unavailable')
    const failed = await ctx.request({
      method: 'POST',
      url: '/api/ssm/GetAllUnits',
      token,
      payload: { location_code: 'TX100' },
    })
    expect(failed.statusCode).toBe(502)
    expect(failed.json().message).toBe('Unit list unavailable')
  })
})
