import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { CreateSettingInput, Setting, UpdateSettingInput } from '@storageops/contracts/settings'
import type { Db, Tx } from '../../db/client.ts'
import { settings } from '../../db/schema.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { conflict, notFound } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/audit.service.ts'

type SettingRow = typeof settings.$inferSelect

const toSetting = (row: SettingRow): Setting => ({
  id: row.id,
  name: row.name,
  value: row.value,
  description: row.description,
})

async function assertNameFree(db: Db | Tx, name: string, exceptId?: number) {
  const [clash] = await db.select({ id: settings.id }).from(settings).where(eq(settings.name, name)).limit(1)
  if (clash && clash.id !== exceptId) throw conflict('A setting with this name already exists.')
}

/** Every setting by name, or only the one named `name` (spec: admin-console-part-1 §7 GET /api/settings?name=maintenance). */
export async function listSettings(db: Db, name?: string): Promise<Setting[]> {
  const rows = await db
    .select()
    .from(settings)
    .where(name ? eq(settings.name, name) : undefined)
    .orderBy(asc(settings.name))
  return rows.map(toSetting)
}

/** Creates a setting; the name is stored lower-case (spec: admin-console-part-2 §5). 409 on a taken name. Audited. */
export async function createSetting(
  db: Db,
  input: z.output<typeof CreateSettingInput>,
  actor: AdminSession,
): Promise<Setting> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name)
    const [row] = await tx.insert(settings).values(input).returning()
    const setting = toSetting(row!)
    await recordAudit(tx, actor, 'create', 'setting', setting.id, null, setting)
    return setting
  })
}

/** Updates a setting's value (and name or description when given). Errors: 404, 409 on a taken name. Audited. */
export async function updateSetting(
  db: Db,
  id: number,
  input: UpdateSettingInput,
  actor: AdminSession,
): Promise<Setting> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.id, id)).limit(1)
    if (!before) throw notFound('Setting not found', 'id')
    if (input.name) await assertNameFree(tx, input.name, id)
    const [row] = await tx
      .update(settings)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(settings.id, id))
      .returning()
    const setting = toSetting(row!)
    await recordAudit(tx, actor, 'update', 'setting', id, toSetting(before), setting)
    return setting
  })
}
