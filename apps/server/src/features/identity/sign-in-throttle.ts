import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { loginFailures, sessions, users } from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import { tooManyRequests } from '../../lib/http-error.ts'

/**
 * Sign-in throttling of both apps, shared through PostgreSQL; the three limits and why are in
 * docs/decisions/012-trusted-proxies-and-sign-in-throttling.md. Accounts are `admin:{email}` or `field:{login}`.
 */
export type ThrottleSettings = Pick<
  Env,
  | 'LOGIN_MAX_FAILURES'
  | 'LOGIN_WINDOW_MINUTES'
  | 'LOGIN_ACCOUNT_MAX_FAILURES'
  | 'LOGIN_BACKOFF_MAX_SECONDS'
  | 'LOGIN_GLOBAL_MAX_FAILURES'
>

const KNOWN_ADDRESS_DAYS = 30

const refuse = (seconds: number) =>
  tooManyRequests(
    `Too many failed sign-in attempts. Try again in ${seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`}.`,
    seconds,
  )

/** True when `account` signed in successfully from `ip` within KNOWN_ADDRESS_DAYS. */
async function isKnownAddress(db: Db, account: string, ip: string): Promise<boolean> {
  const since = sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`
  const [kind, ...rest] = account.split(':')
  const name = rest.join(':')
  const [row] =
    kind === 'admin'
      ? await db
          .select({ id: sessions.id })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.user_id))
          .where(and(eq(users.email, name), eq(sessions.ip, ip), gt(sessions.created_at, since)))
          .limit(1)
      : await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              eq(sessions.kind, 'field'),
              sql`lower(${sessions.field_user}->>'username') = ${name}`,
              eq(sessions.ip, ip),
              gt(sessions.created_at, since),
            ),
          )
          .limit(1)
  return Boolean(row)
}

/** Throws 429 (with Retry-After) when a sign-in of `account` from `ip` must wait; see the module comment. */
export async function assertSignInAllowed(db: Db, rawAccount: string, ip: string, settings: ThrottleSettings) {
  const account = rawAccount.toLowerCase()
  const windowSeconds = settings.LOGIN_WINDOW_MINUTES * 60
  const since = sql`now() - make_interval(secs => ${windowSeconds})`
  const [fromHere] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip), gt(loginFailures.at, since)))
  if ((fromHere?.count ?? 0) >= settings.LOGIN_MAX_FAILURES) throw refuse(windowSeconds)
  if (await isKnownAddress(db, account, ip)) return

  const [anywhere] = await db
    .select({
      count: sql<number>`count(*)::int`,
      waited: sql<number>`coalesce(extract(epoch from now() - max(${loginFailures.at})), 0)::float8`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.at, since)))
  const over = (anywhere?.count ?? 0) - settings.LOGIN_ACCOUNT_MAX_FAILURES
  if (over >= 0) {
    const delay = Math.min(2 ** over, settings.LOGIN_BACKOFF_MAX_SECONDS)
    const left = Math.ceil(delay - (anywhere?.waited ?? 0))
    if (left > 0) throw refuse(left)
  }

  const [everyone] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(gt(loginFailures.at, sql`now() - interval '1 minute'`))
  if ((everyone?.count ?? 0) >= settings.LOGIN_GLOBAL_MAX_FAILURES) throw refuse(60)
}

export async function recordSignInFailure(db: Db, account: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ account: account.toLowerCase(), ip })
}

export async function clearSignInFailures(db: Db, account: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.account, account.toLowerCase()), eq(loginFailures.ip, ip)))
}
