import { inArray } from 'drizzle-orm'
import { settingValueRule } from '@storageops/contracts/content/settings'
import type { Db, Tx } from '../db/client.ts'
import { settings } from '../db/schema.ts'

/** Numeric Settings rows by name, each its default when missing or refused by its rule (else: not a number ≥ 0). */
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
      const stored = rows.find((row) => row.name === name)?.value
      const rule = settingValueRule(name)
      if (rule) return [name, rule.safeParse(stored).data ?? defaults[name]]
      const value = Number(stored?.trim())
      return [name, Number.isFinite(value) && value >= 0 ? value : defaults[name]]
    }),
  ) as Record<Name, number>
}
