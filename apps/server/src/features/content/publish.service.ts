import { desc, eq, sql } from 'drizzle-orm'
import { PUBLISH_COOLDOWN_SECONDS, PUBLISH_MESSAGES, type PublishResult } from '@storageops/contracts/publish-contents'
import type { Db } from '../../db/client.ts'
import { contentPublishes } from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { badGateway, tooManyRequests } from '../../lib/http-error.ts'
import { recordAudit } from '../../lib/audit.ts'

type PublishSettings = Pick<Env, 'PUBLISH_HOOK_URL' | 'PUBLISH_HOOK_TIMEOUT_MS'>

// One key for pg_advisory_xact_lock, so two instances cannot both pass the cooldown check at once.
const PUBLISH_LOCK_KEY = 7_310_042

/**
 * Rebuild CMS Pages (spec: admin-console-part-1 §4, §9): records the request, then POSTs PUBLISH_HOOK_URL when set.
 * Errors: 429 with retry_after_seconds within 60 s of the last request from anyone; 502 when the hook fails.
 */
export async function publishContents(
  db: Db,
  actor: AdminSession,
  settings: PublishSettings,
  fetchImpl: typeof fetch = fetch,
): Promise<PublishResult> {
  const target = settings.PUBLISH_HOOK_URL ? ('hook' as const) : ('recorded' as const)
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})`)
    const [last] = await tx
      .select({
        remaining: sql<number>`extract(epoch from (${contentPublishes.requested_at} + make_interval(secs => ${PUBLISH_COOLDOWN_SECONDS}) - now()))::float8`,
      })
      .from(contentPublishes)
      .orderBy(desc(contentPublishes.requested_at))
      .limit(1)
    if (last && last.remaining > 0) {
      const seconds = Math.ceil(last.remaining)
      throw tooManyRequests(
        `Content was published less than ${PUBLISH_COOLDOWN_SECONDS} seconds ago. Try again in ${seconds} seconds.`,
        seconds,
      )
    }
    const [inserted] = await tx
      .insert(contentPublishes)
      .values({
        requested_by: actor.user.id,
        requested_by_email: actor.user.email,
        target,
        status: target === 'hook' ? 'pending' : 'recorded',
      })
      .returning()
    await recordAudit(tx, actor, 'publish', 'content', inserted!.id, null, inserted)
    return inserted!
  })
  const result = {
    message: PUBLISH_MESSAGES.success,
    requested_at: row.requested_at.toISOString(),
    target,
    cooldown_seconds: PUBLISH_COOLDOWN_SECONDS,
  }
  if (!settings.PUBLISH_HOOK_URL) return result
  try {
    const response = await fetchImpl(settings.PUBLISH_HOOK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requested_at: result.requested_at, requested_by: actor.user.email }),
      signal: AbortSignal.timeout(settings.PUBLISH_HOOK_TIMEOUT_MS),
    })
    await db
      .update(contentPublishes)
      .set({ status: response.ok ? 'sent' : 'failed', response_status: response.status })
      .where(eq(contentPublishes.id, row.id))
    if (!response.ok) throw badGateway(PUBLISH_MESSAGES.failure)
  } catch (error) {
    if (error instanceof Error && error.name !== 'HttpError') {
      await db
        .update(contentPublishes)
        .set({ status: 'failed', error: error.message.slice(0, 500) })
        .where(eq(contentPublishes.id, row.id))
      throw badGateway(PUBLISH_MESSAGES.failure)
    }
    throw error
  }
  return result
}
