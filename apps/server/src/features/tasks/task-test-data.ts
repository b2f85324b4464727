import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { locationUnits, locations, taskTypes, tasks } from '../../db/schema.ts'

/** Keys (facility, task type, unit) with no open task yet, so each test makes its own tasks beside the seeded ones. */
export function createFreshKeys(db: Db) {
  const used = new Set<string>()
  return {
    /** A facility (TX100 first, then any) and a property task type with no open task there. */
    async property(locationCode?: string): Promise<{ site_code: string; task_type_id: number }> {
      const types = await db
        .select({ id: taskTypes.id })
        .from(taskTypes)
        .where(eq(taskTypes.category, 'property'))
        .orderBy(taskTypes.id)
      const sites = await db.select({ code: locations.location_code }).from(locations).orderBy(locations.location_code)
      const open = await db
        .select({ code: tasks.location_code, type: tasks.task_type_id })
        .from(tasks)
        .where(eq(tasks.status, 'open'))
      const taken = new Set(open.map((row) => `${row.code}|${row.type}|`))
      const candidates = locationCode ? [locationCode] : ['TX100', ...sites.map((site) => site.code)]
      for (const code of candidates) {
        const type = types.find(
          (candidate) => !taken.has(`${code}|${candidate.id}|`) && !used.has(`${code}|${candidate.id}|`),
        )
        if (!type) continue
        used.add(`${code}|${type.id}|`)
        return { site_code: code, task_type_id: type.id }
      }
      throw new Error(`no free property task type${locationCode ? ` at ${locationCode}` : ''}`)
    },
    /** A facility, a unit task type and a unit with no open task of that type. */
    async unit(locationCode = 'TX100'): Promise<{ site_code: string; task_type_id: number; unit_no: string }> {
      const [type] = await db
        .select({ id: taskTypes.id })
        .from(taskTypes)
        .where(eq(taskTypes.category, 'unit'))
        .orderBy(taskTypes.id)
        .limit(1)
      const units = await db
        .select({ unit_no: locationUnits.unit_no })
        .from(locationUnits)
        .where(
          and(
            eq(locationUnits.location_code, locationCode),
            eq(locationUnits.system, false),
            sql`not exists (select 1 from ${tasks} where ${tasks.status} = 'open' and ${tasks.location_code} = ${locationCode} and ${tasks.task_type_id} = ${type!.id} and ${tasks.unit_no} = ${locationUnits.unit_no})`,
          ),
        )
        .orderBy(locationUnits.unit_no)
      const unit = units.find((candidate) => !used.has(`${locationCode}|${type!.id}|${candidate.unit_no}`))
      if (!unit) throw new Error(`no free unit at ${locationCode}`)
      used.add(`${locationCode}|${type!.id}|${unit.unit_no}`)
      return { site_code: locationCode, task_type_id: type!.id, unit_no: unit.unit_no }
    },
  }
}
