import { eq } from 'drizzle-orm'
import type { HomepageContent, SaveHomepageInput } from '@storageops/contracts/content/homepage'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { homepageContents } from '../../db/schema.ts'
import { recordAudit, type AuditActor } from '../../lib/audit.ts'

/** The homepage is one row, id 1. */
const HOMEPAGE_ID = 1

const toContent = ({ updatedAt: _updatedAt, ...row }: typeof homepageContents.$inferSelect): HomepageContent => row

/** GET /api/homepage: a list of the one record (empty before the first save; spec: §7 "first element used"). */
export async function getHomepage(db: Db): Promise<HomepageContent[]> {
  return (await db.select().from(homepageContents).where(eq(homepageContents.id, HOMEPAGE_ID))).map(toContent)
}

/** POST /api/homepage: saves the whole content (audited) and answers the list of one record. */
export async function saveHomepage(
  db: Db,
  input: z.output<typeof SaveHomepageInput>,
  actor: AuditActor,
): Promise<HomepageContent[]> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(homepageContents).where(eq(homepageContents.id, HOMEPAGE_ID)).for('update')
    const [row] = await tx
      .insert(homepageContents)
      .values({ id: HOMEPAGE_ID, ...input })
      .onConflictDoUpdate({ target: homepageContents.id, set: { ...input, updatedAt: new Date() } })
      .returning()
    await recordAudit(
      tx,
      actor,
      before ? 'update' : 'create',
      'homepage',
      HOMEPAGE_ID,
      before ? toContent(before) : null,
      toContent(row!),
    )
    return [toContent(row!)]
  })
}
