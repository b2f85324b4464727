import { inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { settings } from '../db/schema.ts'

/**
 * Numeric Settings rows (admin /settings) by name, each falling back to its default when the row is missing or its
 * value is not a number of at least 0.
 */
export async function numberSettings<Name extends string>(
  db: Db | Tx,
  defaults: Record<Name, number>,
): Promise<Record<Name, number>> {
  const names = Object.keys(defaults) as Name[]
  const rows = await db
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(inArray(settings.name, names))
  return Object.fromEntries(
    names.map((name) => {
      const value = Number(rows.find((row) => row.name === name)?.value.trim())
      return [name, Number.isFinite(value) && value >= 0 ? value : defaults[name]]
    }),
  ) as Record<Name, number>
}
