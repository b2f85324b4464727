import { and, asc, count, desc, eq, isNotNull, isNull, max, or, sql, type SQL } from 'drizzle-orm'
import {
  addToTotals,
  describeExclusion,
  ecriEffectiveDate,
  emptyTotals,
  evaluateLease,
  overrideProblem,
  sumTotals,
  type EcriExclusion,
  type EcriRules,
  type EcriTotals,
} from '@storageops/contracts/ecri-rules'
import type {
  EcriCandidate,
  EcriCandidatePage,
  EcriCandidatesQuery,
  EcriFacilitiesQuery,
  EcriFacility,
  EcriRun,
  EcriRunSummary,
} from '@storageops/contracts/ecri'
import { RATE_CSV_MAX_ROWS, RATE_UPLOADS } from '@storageops/contracts/rates'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { copyLine, openCopy } from '../../db/copy.ts'
import {
  auctionWinners,
  auctions,
  ecriCandidates,
  ecriRuleSets,
  ecriRunFacilities,
  ecriRuns,
  locations,
  resourceVersions,
} from '../../db/schema.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { actorName, recordAudit } from '../../lib/audit.ts'
import { toCsv } from '../../lib/csv-export.ts'
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts'
import type { LiveChannel } from '../../lib/live-channel.ts'
import { rateSettings, today, uploadRateFile } from '../rates/rates.service.ts'
import type { SsmLease } from '../rates/ssm-rates.ts'
import { readRentRoll } from './ssm-rent-roll.ts'

type RunRow = typeof ecriRuns.$inferSelect
type CandidateRow = typeof ecriCandidates.$inferSelect
type CandidateInsert = Omit<typeof ecriCandidates.$inferInsert, 'id'>
/** The columns a run's COPY writes, in the order of each row's values in computeEcriRun (every one but id). */
const CANDIDATE_COLUMNS = [
  'run_id',
  'location_code',
  'tenant_id',
  'tenant_name',
  'lease_no',
  'unit_no',
  'unit_type_id',
  'old_cents',
  'street_cents',
  'proposed_cents',
  'new_cents',
  'change_cents',
  'change_bp',
  'overridden',
  'chosen',
  'excluded',
  'tenure_months',
  'months_since_increase',
  'days_past_due',
  'moved_in',
  'rent_last_changed',
  'paid_thru',
  'military',
  'do_not_increase',
  'auction_winner',
  'scheduled',
] as const satisfies ReadonlyArray<keyof CandidateInsert>

const RULE_KEYS = [
  'min_tenure_months',
  'min_months_since_increase',
  'toward_street_percent',
  'max_increase_percent',
  'max_increase_dollars',
  'ceiling_percent',
  'min_increase_dollars',
  'notice_days',
  'effective_day',
  'past_due_days',
  'exclude_auction_winners',
  'exclude_military',
  'exclude_do_not_increase',
  'excluded_facilities',
] as const satisfies ReadonlyArray<keyof EcriRules>

/** Starts a run of a rule set with its inputs fixed now, audited; the caller queues it. 404 naming rule_set_id. */
export async function startEcriRun(db: Db, ruleSetId: number, actor: AdminSession): Promise<{ id: number }> {
  const [ruleSet] = await db.select().from(ecriRuleSets).where(eq(ecriRuleSets.id, ruleSetId))
  if (!ruleSet) throw notFound(`No rule set ${ruleSetId}.`, 'rule_set_id')
  const rules = Object.fromEntries(RULE_KEYS.map((key) => [key, ruleSet[key]])) as unknown as EcriRules
  const [version] = await db
    .select({ value: max(resourceVersions.version) })
    .from(resourceVersions)
    .where(and(eq(resourceVersions.resource, 'ecri_rule_set'), eq(resourceVersions.record_key, String(ruleSetId))))
  const guardrails = await rateSettings(db)
  const date = today()
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(ecriRuns)
      .values({
        rule_set_id: ruleSet.id,
        rule_set_name: ruleSet.name,
        rule_set_version: version?.value ?? null,
        rules,
        today: date,
        effective_date: ecriEffectiveDate(
          date,
          Math.max(rules.notice_days, guardrails.notice_days),
          rules.effective_day,
        ),
        max_increase_percent: guardrails.max_increase_percent,
        guardrail_notice_days: guardrails.notice_days,
        created_by: actorName(actor),
        user_id: actor.user.id,
      })
      .returning()
    await recordAudit(tx, actor, 'run', 'ecri_run', run!.id, null, run)
    return { id: run!.id }
  })
}

/** Units of the active auction whose winner has not defaulted, as `CODE|UNIT`. */
async function auctionWinnerUnits(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ code: auctionWinners.location_code, unit: auctionWinners.unit_no })
    .from(auctionWinners)
    .innerJoin(auctions, eq(auctions.id, auctionWinners.auction_id))
    .where(and(isNull(auctions.completedAt), sql`${auctionWinners.outcome} is distinct from 'defaulted'`))
  return new Set(rows.map((row) => `${row.code.toUpperCase()}|${row.unit.toUpperCase()}`))
}

/** The table a run's candidates are loaded into before it becomes their partition of ecri_candidates. */
const partitionName = (runId: number) => `ecri_candidates_run_${Math.trunc(runId)}`
const partitionOf = (runId: number) => sql.raw(partitionName(runId))

/** Where a run's time went, in milliseconds (the ECRI bench prints them). */
export interface EcriRunTimings {
  rent_roll: number
  rules: number
  store: number
  indexes: number
}

export async function dropEcriCandidates(db: Db, runId: number) {
  await db.execute(sql`drop table if exists ${partitionOf(runId)}`)
}

/** Computes a run as a job (DESIGN §12); safe to run again. docs/areas/ecri.md#measured, decision 025. */
export async function computeEcriRun(
  deps: { db: Db; ssm: SsmClient },
  runId: number,
  timings: EcriRunTimings = { rent_roll: 0, rules: 0, store: 0, indexes: 0 },
): Promise<void> {
  const { db } = deps
  const [run] = await db.select().from(ecriRuns).where(eq(ecriRuns.id, runId))
  if (run?.status !== 'computing') return
  // Unlogged and loaded without indexes, attached at the end (decision 025).
  await dropEcriCandidates(db, runId)
  await db.execute(
    sql`create unlogged table ${partitionOf(runId)} (like ecri_candidates including defaults, check (run_id = ${sql.raw(String(Math.trunc(runId)))}))`,
  )
  await db.delete(ecriRunFacilities).where(eq(ecriRunFacilities.run_id, runId))
  const facilities = await db
    .select({ code: locations.location_code, name: locations.name })
    .from(locations)
    .orderBy(asc(locations.location_code))
  const names = new Map(facilities.map((facility) => [facility.code.toUpperCase(), facility.name]))
  const winners = await auctionWinnerUnits(db)
  const context = {
    today: run.today,
    effective_date: run.effective_date,
    max_increase_percent: run.max_increase_percent,
  }
  const excluded: Record<string, number> = {}
  const missing: string[] = []
  let leases = 0
  let eligible = 0
  type FacilityTotals = { leases: number; eligible: number; totals: EcriTotals }
  const storeFacilities = async (perFacility: Map<string, FacilityTotals>) => {
    if (perFacility.size > 0)
      await db.insert(ecriRunFacilities).values(
        [...perFacility].map(([code, facility]) => ({
          run_id: runId,
          location_code: code,
          name: names.get(code) ?? code,
          leases: facility.leases,
          eligible: facility.eligible,
          chosen: facility.totals.chosen,
          monthly_change_cents: facility.totals.monthly_change_cents,
          bands: facility.totals.bands,
          histogram: facility.totals.histogram,
        })),
      )
  }
  const copy = await openCopy(db, partitionName(runId), CANDIDATE_COLUMNS)
  try {
    const rentRoll = readRentRoll(
      deps.ssm,
      facilities.map((facility) => facility.code),
    )
    for (;;) {
      let started = performance.now()
      const next = await rentRoll.next()
      timings.rent_roll += performance.now() - started
      if (next.done) break
      const batch = next.value
      started = performance.now()
      missing.push(...batch.missing)
      let lines = ''
      const perFacility = new Map<string, FacilityTotals>()
      for (const lease of batch.leases) {
        const code = lease.location_code.toUpperCase()
        const fact = {
          location_code: code,
          rent_cents: lease.rent_cents,
          street_cents: batch.streetRates.get(`${code}|${lease.unit_type_id}`) ?? null,
          moved_in: lease.moved_in ?? run.today,
          rent_last_changed: lease.rent_last_changed,
          paid_thru: lease.paid_thru,
          scheduled: lease.scheduled !== null,
          military: lease.military,
          do_not_increase: lease.do_not_increase,
          auction_winner: winners.size > 0 && winners.has(`${code}|${lease.unit_no.toUpperCase()}`),
        }
        const outcome = evaluateLease(fact, run.rules, context)
        let facility = perFacility.get(code)
        if (!facility) perFacility.set(code, (facility = { leases: 0, eligible: 0, totals: emptyTotals() }))
        facility.leases++
        if (outcome.excluded) excluded[outcome.excluded] = (excluded[outcome.excluded] ?? 0) + 1
        else {
          eligible++
          facility.eligible++
          addToTotals(facility.totals, outcome)
        }
        lines += copyLine([
          runId,
          code,
          lease.tenant_id,
          lease.tenant_name,
          lease.lease_no,
          lease.unit_no,
          lease.unit_type_id,
          lease.rent_cents,
          fact.street_cents,
          outcome.new_cents,
          outcome.new_cents,
          outcome.change_cents,
          outcome.change_bp,
          false,
          outcome.excluded === null,
          outcome.excluded,
          outcome.tenure_months,
          outcome.months_since_increase,
          outcome.days_past_due,
          fact.moved_in,
          lease.rent_last_changed,
          lease.paid_thru,
          lease.military,
          lease.do_not_increase,
          fact.auction_winner,
          fact.scheduled,
        ])
      }
      timings.rules += performance.now() - started
      started = performance.now()
      await copy.write(lines)
      await storeFacilities(perFacility)
      timings.store += performance.now() - started
      leases += batch.leases.length
    }
    const started = performance.now()
    await copy.end()
    timings.store += performance.now() - started
  } catch (error) {
    await copy.abort()
    if (!(error instanceof SsmError)) throw error
    await db
      .update(ecriRuns)
      .set({
        status: 'failed',
        error: `The storage-management system failed: ${error.message}`,
        finished_at: new Date(),
      })
      .where(eq(ecriRuns.id, runId))
    return
  }
  const attaching = performance.now()
  await db.execute(
    sql`alter table ecri_candidates attach partition ${partitionOf(runId)} for values in (${sql.raw(String(Math.trunc(runId)))})`,
  )
  timings.indexes += performance.now() - attaching
  await db
    .update(ecriRuns)
    .set({
      status: 'ready',
      finished_at: new Date(),
      facilities: facilities.length - missing.length,
      missing_facilities: missing,
      leases,
      eligible,
      excluded,
    })
    .where(eq(ecriRuns.id, runId))
}

async function runOf(db: Db | Tx, runId: number): Promise<RunRow> {
  const [run] = await db.select().from(ecriRuns).where(eq(ecriRuns.id, runId))
  if (!run) throw notFound(`No ECRI run ${runId}.`, 'id')
  return run
}

const totalsOf = (row: typeof ecriRunFacilities.$inferSelect): EcriTotals => ({
  chosen: row.chosen,
  monthly_change_cents: row.monthly_change_cents,
  bands: row.bands,
  histogram: row.histogram,
})

/** A run with its inputs, what it found and the totals of the rows chosen now (monthly, and × 12 a year). */
export async function getEcriRun(db: Db, runId: number): Promise<EcriRun> {
  const run = await runOf(db, runId)
  const facilities = await db.select().from(ecriRunFacilities).where(eq(ecriRunFacilities.run_id, runId))
  const totals = sumTotals(facilities.map(totalsOf))
  return {
    id: run.id,
    status: run.status,
    error: run.error,
    rule_set_id: run.rule_set_id,
    rule_set_name: run.rule_set_name,
    rule_set_version: run.rule_set_version,
    rules: { ...run.rules, excluded_facilities: [...run.rules.excluded_facilities] },
    today: run.today,
    effective_date: run.effective_date,
    max_increase_percent: run.max_increase_percent,
    guardrail_notice_days: run.guardrail_notice_days,
    created_by: run.created_by,
    created_at: run.created_at.toISOString(),
    finished_at: run.finished_at?.toISOString() ?? null,
    seconds: run.finished_at ? (run.finished_at.getTime() - run.created_at.getTime()) / 1000 : null,
    upload_id: run.upload_id,
    facilities: run.facilities,
    missing_facilities: run.missing_facilities,
    leases: run.leases,
    eligible: run.eligible,
    excluded: run.excluded,
    chosen: totals.chosen,
    monthly_change_cents: totals.monthly_change_cents,
    annual_change_cents: totals.monthly_change_cents * 12,
    bands: totals.bands,
    histogram: totals.histogram,
  }
}

export async function listEcriRuns(db: Db): Promise<EcriRunSummary[]> {
  const runs = await db.select().from(ecriRuns).orderBy(desc(ecriRuns.id)).limit(20)
  return runs.map((run) => ({
    id: run.id,
    status: run.status,
    rule_set_name: run.rule_set_name,
    effective_date: run.effective_date,
    created_by: run.created_by,
    created_at: run.created_at.toISOString(),
    leases: run.leases,
    eligible: run.eligible,
    upload_id: run.upload_id,
  }))
}

function toCandidate(row: CandidateRow, rules: EcriRules): EcriCandidate {
  const { run_id: _run, ...rest } = row
  return {
    ...rest,
    excluded: row.excluded as EcriExclusion | null,
    reason: row.excluded ? describeExclusion(row.excluded as EcriExclusion, row, rules) : null,
  }
}

const CANDIDATE_SORT = {
  location_code: [ecriCandidates.location_code, ecriCandidates.unit_no],
  change_cents: [ecriCandidates.change_cents],
  change_bp: [ecriCandidates.change_bp],
  tenure_months: [ecriCandidates.tenure_months],
} as const

/** The preview's rows (DESIGN §13); `q`: a lease number or tenant id. */
export async function listEcriCandidates(
  db: Db,
  runId: number,
  query: z.output<typeof EcriCandidatesQuery>,
): Promise<EcriCandidatePage> {
  const run = await runOf(db, runId)
  const where: SQL[] = [eq(ecriCandidates.run_id, runId)]
  if (query.location_code) where.push(eq(ecriCandidates.location_code, query.location_code))
  if (query.status === 'eligible') where.push(isNull(ecriCandidates.excluded))
  if (query.status === 'chosen') where.push(eq(ecriCandidates.chosen, true))
  if (query.status === 'unticked') where.push(and(isNull(ecriCandidates.excluded), eq(ecriCandidates.chosen, false))!)
  if (query.status === 'excluded') where.push(isNotNull(ecriCandidates.excluded))
  if (query.excluded) where.push(eq(ecriCandidates.excluded, query.excluded))
  if (query.q) where.push(or(eq(ecriCandidates.lease_no, query.q), eq(ecriCandidates.tenant_id, query.q))!)
  const direction = query.order === 'desc' ? desc : asc
  const rows = await db
    .select()
    .from(ecriCandidates)
    .where(and(...where))
    .orderBy(...CANDIDATE_SORT[query.sort].map((column) => direction(column)), direction(ecriCandidates.id))
    .limit(query.limit)
    .offset(query.offset)
  const total =
    !query.location_code && !query.excluded && !query.q && ['all', 'eligible', 'excluded'].includes(query.status)
      ? { all: run.leases, eligible: run.eligible, excluded: run.leases - run.eligible }[
          query.status as 'all' | 'eligible' | 'excluded'
        ]
      : ((
          await db
            .select({ value: count() })
            .from(ecriCandidates)
            .where(and(...where))
        )[0]?.value ?? 0)
  return { rows: rows.map((row) => toCandidate(row, run.rules)), count: total }
}

const FACILITY_SORT = {
  location_code: ecriRunFacilities.location_code,
  monthly_change_cents: ecriRunFacilities.monthly_change_cents,
  chosen: ecriRunFacilities.chosen,
  eligible: ecriRunFacilities.eligible,
} as const

export async function listEcriFacilities(
  db: Db,
  runId: number,
  query: z.output<typeof EcriFacilitiesQuery>,
): Promise<{ rows: EcriFacility[]; count: number }> {
  await runOf(db, runId)
  const direction = query.order === 'desc' ? desc : asc
  const rows = await db
    .select()
    .from(ecriRunFacilities)
    .where(eq(ecriRunFacilities.run_id, runId))
    .orderBy(direction(FACILITY_SORT[query.sort]), asc(ecriRunFacilities.location_code))
    .limit(query.limit)
    .offset(query.offset)
  const [total] = await db.select({ value: count() }).from(ecriRunFacilities).where(eq(ecriRunFacilities.run_id, runId))
  return {
    rows: rows.map((row) => ({
      location_code: row.location_code,
      name: row.name,
      leases: row.leases,
      eligible: row.eligible,
      chosen: row.chosen,
      monthly_change_cents: row.monthly_change_cents,
      annual_change_cents: row.monthly_change_cents * 12,
    })),
    count: total?.value ?? 0,
  }
}

/** Recounts one facility's totals from its chosen rows, after a row changed (a few hundred rows, by index). */
async function recountFacility(tx: Tx, runId: number, code: string) {
  const chosen = await tx
    .select({ change_cents: ecriCandidates.change_cents, change_bp: ecriCandidates.change_bp })
    .from(ecriCandidates)
    .where(
      and(eq(ecriCandidates.run_id, runId), eq(ecriCandidates.location_code, code), eq(ecriCandidates.chosen, true)),
    )
  const totals = chosen.reduce(addToTotals, emptyTotals())
  await tx
    .update(ecriRunFacilities)
    .set({
      chosen: totals.chosen,
      monthly_change_cents: totals.monthly_change_cents,
      bands: totals.bands,
      histogram: totals.histogram,
    })
    .where(and(eq(ecriRunFacilities.run_id, runId), eq(ecriRunFacilities.location_code, code)))
}

/**
 * Unticks, ticks or sets a row's new rent (null: the proposed one), audited. 404 for another run's row, 409 once
 * uploaded or for an excluded lease, 422 naming new_cents above the guardrail's maximum increase.
 */
export async function updateEcriCandidate(
  db: Db,
  runId: number,
  candidateId: number,
  input: { chosen?: boolean; new_cents?: number | null },
  actor: AdminSession,
): Promise<EcriCandidate> {
  return db.transaction(async (tx) => {
    const run = await runOf(tx, runId)
    const [row] = await tx
      .select()
      .from(ecriCandidates)
      .where(and(eq(ecriCandidates.id, candidateId), eq(ecriCandidates.run_id, runId)))
      .for('update')
    if (!row) throw notFound(`No lease ${candidateId} in run ${runId}.`, 'id')
    if (run.upload_id !== null) throw conflict('This run was turned into a tenant-rate upload; start a new run.')
    if (row.excluded)
      throw conflict(
        `Lease ${row.lease_no} is left out: ${describeExclusion(row.excluded as EcriExclusion, row, run.rules)}`,
      )
    const next = { chosen: input.chosen ?? row.chosen, new_cents: row.new_cents, overridden: row.overridden }
    if (input.new_cents !== undefined) {
      const cents = input.new_cents ?? row.proposed_cents
      const problem = input.new_cents === null ? null : overrideProblem(row.old_cents, cents, run.max_increase_percent)
      if (problem) throw unprocessable(problem, 'new_cents')
      next.new_cents = cents
      next.overridden = input.new_cents !== null
    }
    const change = next.new_cents - row.old_cents
    const [updated] = await tx
      .update(ecriCandidates)
      .set({
        ...next,
        change_cents: change,
        change_bp: Math.round((change * 10_000) / row.old_cents),
      })
      .where(eq(ecriCandidates.id, row.id))
      .returning()
    await recountFacility(tx, runId, row.location_code)
    await recordAudit(
      tx,
      actor,
      'update',
      'ecri_candidate',
      row.id,
      { chosen: row.chosen, new_cents: row.new_cents },
      { run_id: runId, lease_no: row.lease_no, chosen: next.chosen, new_cents: next.new_cents },
    )
    return toCandidate(updated!, run.rules)
  })
}

/**
 * The run's chosen rows written as the tenant-rate file (spec §2, §4) and uploaded as a CSV would be, so every check
 * applies. 409 while computing or once uploaded, 422 naming location_codes without chosen rows or above
 * RATE_CSV_MAX_ROWS.
 */
export async function createEcriUpload(
  deps: { db: Db; ssm: SsmClient; live: LiveChannel | null },
  runId: number,
  locationCodes: readonly string[] | undefined,
  actor: AdminSession,
) {
  const { db } = deps
  const run = await runOf(db, runId)
  if (run.status !== 'ready') throw conflict('The run is not ready yet.')
  if (run.upload_id !== null) throw conflict(`This run was already turned into tenant-rate upload ${run.upload_id}.`)
  const where = and(
    eq(ecriCandidates.run_id, runId),
    eq(ecriCandidates.chosen, true),
    locationCodes?.length ? sql`${ecriCandidates.location_code} in ${locationCodes}` : undefined,
  )
  const [chosen] = await db.select({ value: count() }).from(ecriCandidates).where(where)
  if (!chosen?.value) throw unprocessable('No lease is chosen for the upload.', 'location_codes')
  if (chosen.value > RATE_CSV_MAX_ROWS)
    throw unprocessable(
      `${chosen.value.toLocaleString('en-US')} leases are chosen; an upload takes at most ${RATE_CSV_MAX_ROWS.toLocaleString('en-US')}. Choose facilities (location_codes) or untick leases.`,
      'location_codes',
    )
  const rows = await db
    .select()
    .from(ecriCandidates)
    .where(where)
    .orderBy(asc(ecriCandidates.location_code), asc(ecriCandidates.unit_no))
  const money = (cents: number) => (cents / 100).toFixed(2)
  const csv = toCsv(
    RATE_UPLOADS.tenant_rate.columns,
    rows.map((row) => ({
      location_code: row.location_code,
      tenant_id: row.tenant_id,
      lease_no: row.lease_no,
      unit_no: row.unit_no,
      current_rent: money(row.old_cents),
      new_rent: money(row.new_cents),
      effective_date: run.effective_date,
    })),
  )
  const leases = new Map<string, SsmLease[]>()
  for await (const batch of readRentRoll(deps.ssm, [...new Set(rows.map((row) => row.location_code))]))
    for (const lease of batch.leases) {
      const key = `${lease.location_code.toUpperCase()}|${lease.tenant_id}`
      leases.set(key, [...(leases.get(key) ?? []), lease])
    }
  const uploaded = await uploadRateFile(
    deps,
    'tenant_rate',
    { filename: `ecri-run-${runId}.csv`, data: Buffer.from(csv) },
    actor,
    { leasesOf: async (code, tenantId) => leases.get(`${code}|${tenantId}`) ?? null },
  )
  await db.transaction(async (tx) => {
    await tx.update(ecriRuns).set({ upload_id: uploaded.upload_id }).where(eq(ecriRuns.id, runId))
    await recordAudit(
      tx,
      actor,
      'upload',
      'ecri_run',
      runId,
      { upload_id: null },
      {
        upload_id: uploaded.upload_id,
        rows: rows.length,
        location_codes: locationCodes ?? null,
      },
    )
  })
  return { upload_id: uploaded.upload_id, counts: uploaded.counts }
}
