import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { locationUnits, locations, taskTypes, tasks } from '../../db/schema.ts'

/**
 * Test data for the task API tests: keys (facility, task type, unit) that hold no open task yet, so
 * each test creates its own tasks beside the seeded ones. Not used outside tests.
 */
export function createFreshKeys(db: Db) {
  const used = new Set<string>()
  return {
    /** A facility (TX100 first, then any) and a property task type with no open task there. */
    async property(locationCode?: string): Promise<{ site_code: string; task_type_id: number }> {
      const rows = await db.execute<{ location_code: string; id: number }>(sql`
        select l.location_code, t.id from ${locations} l cross join ${taskTypes} t
        where t.category = 'property' ${locationCode ? sql`and l.location_code = ${locationCode}` : sql``}
          and not exists (select 1 from ${tasks} where ${tasks.status} = 'open' and ${tasks.location_code} = l.location_code and ${tasks.task_type_id} = t.id)
        order by (l.location_code = 'TX100') desc, l.location_code, t.id`)
      const row = rows.rows.find((candidate) => !used.has(`${candidate.location_code}|${candidate.id}|`))
      if (!row) throw new Error(`no free property task type${locationCode ? ` at ${locationCode}` : ''}`)
      used.add(`${row.location_code}|${row.id}|`)
      return { site_code: row.location_code, task_type_id: Number(row.id) }
    },
    /** A facility, a unit task type and a unit with no open task of that type. */
    async unit(locationCode = 'TX100'): Promise<{ site_code: string; task_type_id: number; unit_no: string }> {
      const [type] = await db.select({ id: taskTypes.id }).from(taskTypes).where(eq(taskTypes.category, 'unit')).orderBy(taskTypes.id).limit(1)
      const units = await db
        .select({ unit_no: locationUnits.unit_no })
        .from(locationUnits)
        .where(and(
          eq(locationUnits.location_code, locationCode),
          eq(locationUnits.system, false),
          sql`not exists (select 1 from ${tasks} where ${tasks.status} = 'open' and ${tasks.location_code} = ${locationCode} and ${tasks.task_type_id} = ${type!.id} and ${tasks.unit_no} = ${locationUnits.unit_no})`,
        ))
        .orderBy(locationUnits.unit_no)
      const unit = units.find((candidate) => !used.has(`${locationCode}|${type!.id}|${candidate.unit_no}`))
      if (!unit) throw new Error(`no free unit at ${locationCode}`)
      used.add(`${locationCode}|${type!.id}|${unit.unit_no}`)
      return { site_code: locationCode, task_type_id: type!.id, unit_no: unit.unit_no }
    },
  }
}
