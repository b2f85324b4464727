import { and, asc, count, desc, eq, inArray, lt, max, min, sql } from 'drizzle-orm'
import type { EcriRentRoll } from '@storageops/contracts/ecri'
import type { Db } from '../../db/client.ts'
import { copyLine, copyLines } from '../../db/copy.ts'
import { ecriRentRoll, ecriRentRollFacilities, ecriRentRollRefreshes, locations } from '../../db/schema.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { actorName, recordAudit } from '../../lib/audit.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { conflict } from '../../lib/http-error.ts'
import { readRentRoll } from './ssm-rent-roll.ts'

const ROLL_COLUMNS = [
  'location_code',
  'fetched_at',
  'tenant_id',
  'tenant_name',
  'lease_no',
  'unit_no',
  'unit_type_id',
  'rent_cents',
  'street_cents',
  'scheduled_cents',
  'moved_in',
  'rent_last_changed',
  'paid_thru',
  'military',
  'do_not_increase',
] as const

/**
 * Reads `codes` from the system into the kept rent roll, each call's facilities made current in one transaction
 * (decision 030); `progress` after each call. Throws SsmError when the system fails (what was written stays).
 */
export async function fetchRentRoll(
  deps: { db: Db; ssm: SsmClient },
  codes: readonly string[],
  progress: (facilities: number, leases: number) => Promise<void> = async () => {},
): Promise<void> {
  const { db } = deps
  for await (const batch of readRentRoll(deps.ssm, codes)) {
    const fetchedAt = batch.called_at
    const stamp = fetchedAt.toISOString()
    const perFacility = new Map<string, number>(batch.codes.map((code) => [code.toUpperCase(), 0]))
    let lines = ''
    for (const lease of batch.leases) {
      const code = lease.location_code.toUpperCase()
      perFacility.set(code, (perFacility.get(code) ?? 0) + 1)
      lines += copyLine([
        code,
        stamp,
        lease.tenant_id,
        lease.tenant_name,
        lease.lease_no,
        lease.unit_no,
        lease.unit_type_id,
        lease.rent_cents,
        batch.streetRates.get(`${code}|${lease.unit_type_id}`) ?? null,
        lease.scheduled?.rent_cents ?? null,
        lease.moved_in,
        lease.rent_last_changed,
        lease.paid_thru,
        lease.military,
        lease.do_not_increase,
      ])
    }
    await copyLines(db, 'ecri_rent_roll', ROLL_COLUMNS, lines)
    const missing = new Set(batch.missing.map((code) => code.toUpperCase()))
    const known = [...perFacility].filter(([code]) => !missing.has(code))
    const codesOfBatch = [...perFacility.keys()]
    await db.transaction(async (tx) => {
      if (missing.size > 0) {
        await tx.delete(ecriRentRollFacilities).where(inArray(ecriRentRollFacilities.location_code, [...missing]))
        await tx.delete(ecriRentRoll).where(inArray(ecriRentRoll.location_code, [...missing]))
      }
      if (known.length > 0)
        await tx
          .insert(ecriRentRollFacilities)
          .values(known.map(([code, leases]) => ({ location_code: code, fetched_at: fetchedAt, leases })))
          .onConflictDoUpdate({
            target: ecriRentRollFacilities.location_code,
            set: { fetched_at: sql`excluded.fetched_at`, leases: sql`excluded.leases` },
            setWhere: sql`excluded.fetched_at > ${ecriRentRollFacilities.fetched_at}`,
          })
      await tx
        .delete(ecriRentRoll)
        .where(and(inArray(ecriRentRoll.location_code, codesOfBatch), lt(ecriRentRoll.fetched_at, fetchedAt)))
    })
    await progress(perFacility.size, batch.leases.length)
  }
}

/** Our facilities the kept rent roll lacks (never fetched, or unknown to the system). */
export async function unfetchedFacilities(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: locations.location_code })
    .from(locations)
    .leftJoin(ecriRentRollFacilities, eq(ecriRentRollFacilities.location_code, sql`upper(${locations.location_code})`))
    .where(sql`${ecriRentRollFacilities.location_code} is null`)
    .orderBy(asc(locations.location_code))
  return rows.map((row) => row.code)
}

/** Starts a refresh of the whole kept rent roll, audited when staff ask (the caller queues it). 409 while one runs. */
export async function startRentRollRefresh(db: Db, actor: AdminSession | 'nightly'): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [refresh] = await tx
        .insert(ecriRentRollRefreshes)
        .values({ requested_by: actor === 'nightly' ? actor : actorName(actor) })
        .returning()
      if (actor !== 'nightly') await recordAudit(tx, actor, 'refresh', 'ecri_rent_roll', refresh!.id, null, refresh)
      return { id: refresh!.id }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('The rent roll is being refreshed already.')
    throw error
  }
}

export async function runRentRollRefresh(deps: { db: Db; ssm: SsmClient }, refreshId: number): Promise<void> {
  const { db } = deps
  const [refresh] = await db.select().from(ecriRentRollRefreshes).where(eq(ecriRentRollRefreshes.id, refreshId))
  if (refresh?.status !== 'running') return
  await db
    .update(ecriRentRollRefreshes)
    .set({ facilities: 0, leases: 0 })
    .where(eq(ecriRentRollRefreshes.id, refreshId))
  const codes = await everySiteCode(db)
  try {
    await fetchRentRoll(deps, codes, async (facilities, leases) => {
      await db
        .update(ecriRentRollRefreshes)
        .set({
          facilities: sql`${ecriRentRollRefreshes.facilities} + ${facilities}`,
          leases: sql`${ecriRentRollRefreshes.leases} + ${leases}`,
        })
        .where(eq(ecriRentRollRefreshes.id, refreshId))
    })
  } catch (error) {
    await db.update(ecriRentRollRefreshes).set(ssmFailure(error)).where(eq(ecriRentRollRefreshes.id, refreshId))
    return
  }
  await db
    .update(ecriRentRollRefreshes)
    .set({ status: 'done', finished_at: new Date() })
    .where(eq(ecriRentRollRefreshes.id, refreshId))
}

/** Every facility's Site Code in order: what a whole refresh of the rent roll fetches. */
export const everySiteCode = async (db: Db) =>
  (await db.select({ code: locations.location_code }).from(locations).orderBy(asc(locations.location_code))).map(
    (row) => row.code,
  )

/** The failed state of a refresh or run the storage-management system broke off; any other error is thrown again. */
export function ssmFailure(error: unknown) {
  if (!(error instanceof SsmError)) throw error
  return {
    status: 'failed' as const,
    error: `The storage-management system failed: ${error.message}`,
    finished_at: new Date(),
  }
}

export async function rentRollAge(db: Db): Promise<{ from: Date | null; to: Date | null }> {
  const [age] = await db
    .select({ from: min(ecriRentRollFacilities.fetched_at), to: max(ecriRentRollFacilities.fetched_at) })
    .from(ecriRentRollFacilities)
  return { from: age?.from ?? null, to: age?.to ?? null }
}

export async function getRentRoll(db: Db): Promise<EcriRentRoll> {
  const [kept] = await db
    .select({
      facilities: count(),
      leases: sql<number>`coalesce(sum(${ecriRentRollFacilities.leases}), 0)::int`,
      from: min(ecriRentRollFacilities.fetched_at),
      to: max(ecriRentRollFacilities.fetched_at),
    })
    .from(ecriRentRollFacilities)
  const [refresh] = await db.select().from(ecriRentRollRefreshes).orderBy(desc(ecriRentRollRefreshes.id)).limit(1)
  return {
    facilities: kept?.facilities ?? 0,
    leases: kept?.leases ?? 0,
    fetched_from: kept?.from?.toISOString() ?? null,
    fetched_to: kept?.to?.toISOString() ?? null,
    never_fetched: (await unfetchedFacilities(db)).length,
    refresh: refresh
      ? {
          id: refresh.id,
          status: refresh.status,
          requested_by: refresh.requested_by,
          started_at: refresh.started_at.toISOString(),
          finished_at: refresh.finished_at?.toISOString() ?? null,
          facilities: refresh.facilities,
          leases: refresh.leases,
          error: refresh.error,
        }
      : null,
  }
}
