import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import {
  PUBLISH_CHANGES_MAX,
  PUBLISH_COOLDOWN_SECONDS,
  PUBLISH_MESSAGES,
  type PublishChanges,
  type PublishCooldown,
  type PublishedChange,
  type PublishResult,
} from '@storageops/contracts/publish-contents'
import type { Db, Tx } from '../../db/client.ts'
import { auditLog, contentPublishes } from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { badGateway, tooManyRequests } from '../../lib/http-error.ts'
import { recordAudit } from '../../lib/audit.ts'

type PublishSettings = Pick<Env, 'PUBLISH_HOOK_URL' | 'PUBLISH_HOOK_TIMEOUT_MS'>

// One key for pg_advisory_xact_lock, so two instances cannot both pass the cooldown check at once.
const PUBLISH_LOCK_KEY = 7_310_042

const remainingSeconds = sql<number>`extract(epoch from (${contentPublishes.requested_at} + make_interval(secs => ${PUBLISH_COOLDOWN_SECONDS}) - now()))::float8`

/** An audited entity the website shows: its name in the change list and its public content API path, if any. */
export interface PublishedEntity {
  entity: string
  resource: string
  publicPath?: (record: Record<string, unknown>) => string | null
}

/** What changed since the last rebuild (issue 20): one entry per record, from the audit log. */
async function changesSince(tx: Tx, published: readonly PublishedEntity[]): Promise<PublishChanges> {
  const [last] = await tx
    .select({ requested_at: contentPublishes.requested_at })
    .from(contentPublishes)
    .where(inArray(contentPublishes.status, ['sent', 'recorded']))
    .orderBy(desc(contentPublishes.requested_at))
    .limit(1)
  const byEntity = new Map(published.map((entry) => [entry.entity, entry]))
  if (byEntity.size === 0) return { since: last?.requested_at.toISOString() ?? null, changes: [], truncated: false }
  const rows = await tx
    .select({
      entity: auditLog.entity,
      entity_id: auditLog.entity_id,
      action: auditLog.action,
      at: auditLog.at,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(inArray(auditLog.entity, [...byEntity.keys()]), last ? gt(auditLog.at, last.requested_at) : undefined))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
  const changes = new Map<string, PublishedChange>()
  for (const row of rows) {
    const entity = byEntity.get(row.entity)!
    const id = `${row.entity}\u0000${row.entity_id ?? ''}`
    const change = changes.get(id) ?? {
      resource: entity.resource,
      key: row.entity_id,
      actions: [],
      changed_at: '',
      path: null,
    }
    if (change.actions.at(-1) !== row.action) change.actions.push(row.action)
    change.changed_at = row.at.toISOString()
    const after = row.after as Record<string, unknown> | null
    change.path = after && entity.publicPath ? entity.publicPath(after) : null
    changes.set(id, change)
  }
  const list = [...changes.values()]
  return {
    since: last?.requested_at.toISOString() ?? null,
    changes: list.slice(0, PUBLISH_CHANGES_MAX),
    truncated: list.length > PUBLISH_CHANGES_MAX,
  }
}

/** The cooldown left after the last rebuild request (whole seconds, rounded up), read from the database. */
export async function publishCooldown(db: Db): Promise<PublishCooldown> {
  const [last] = await db
    .select({
      requested_at: contentPublishes.requested_at,
      remaining: remainingSeconds,
    })
    .from(contentPublishes)
    .orderBy(desc(contentPublishes.requested_at))
    .limit(1)
  return {
    cooldown_remaining_seconds: last ? Math.max(0, Math.ceil(last.remaining)) : 0,
    last_requested_at: last?.requested_at.toISOString() ?? null,
  }
}

/**
 * Rebuild CMS Pages (spec: admin-console-part-1 §4, §9): records it, then POSTs what changed since the last rebuild to
 * PUBLISH_HOOK_URL when set. 429 with retry_after_seconds within 60 s of anyone's last request; 502 when the hook fails.
 */
export async function publishContents(
  db: Db,
  actor: AdminSession,
  settings: PublishSettings,
  published: readonly PublishedEntity[] = [],
  fetchImpl: typeof fetch = fetch,
): Promise<PublishResult> {
  const target = settings.PUBLISH_HOOK_URL ? ('hook' as const) : ('recorded' as const)
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})`)
    const [last] = await tx
      .select({
        remaining: remainingSeconds,
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
    const changes = await changesSince(tx, published)
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
    return { ...inserted!, changes }
  })
  const result = {
    message: PUBLISH_MESSAGES.success,
    requested_at: row.requested_at.toISOString(),
    target,
    cooldown_seconds: PUBLISH_COOLDOWN_SECONDS,
    ...row.changes,
  }
  if (!settings.PUBLISH_HOOK_URL) return result
  try {
    const response = await fetchImpl(settings.PUBLISH_HOOK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requested_at: result.requested_at, requested_by: actor.user.email, ...row.changes }),
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
