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
import { copyLine, fromCopyText, NULL, openCopy, readCopy, runSideBySide } from '../../db/copy.ts'
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
import type { SsmClient } from '../../integrations/ssm/client.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { actorName, recordAudit } from '../../lib/audit.ts'
import { toCsv } from '../../lib/csv-export.ts'
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts'
import type { LiveChannel } from '../../lib/live-channel.ts'
import { rateSettings, today, uploadRateFile } from '../rates/rates.service.ts'
import type { SsmLease } from '../rates/ssm-rates.ts'
import { everySiteCode, fetchRentRoll, rentRollAge, ssmFailure, unfetchedFacilities } from './ecri-rent-roll.ts'
import { readRentRoll } from './ssm-rent-roll.ts'

type RunRow = typeof ecriRuns.$inferSelect
type CandidateRow = typeof ecriCandidates.$inferSelect
type CandidateInsert = Omit<typeof ecriCandidates.$inferInsert, 'id'>
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
export async function startEcriRun(
  db: Db,
  ruleSetId: number,
  actor: AdminSession,
  refresh = false,
): Promise<{ id: number }> {
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
        refresh,
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

const COPY_CHUNK = 1 << 20
const FACILITY_ROWS = 1000

/** ecri_candidates' indexes (migration 0031) besides its primary key, built before a partition is attached. */
const CANDIDATE_INDEXES = [
  '(run_id, location_code, unit_no)',
  '(run_id, change_cents)',
  '(run_id, change_bp)',
  '(run_id, tenure_months)',
]

/** The table a run's candidates are loaded into before it becomes their partition of ecri_candidates. */
const partitionName = (runId: number) => `ecri_candidates_run_${Math.trunc(runId)}`
const partitionOf = (runId: number) => sql.raw(partitionName(runId))

export async function dropEcriCandidates(db: Db, runId: number) {
  await db.execute(sql`drop table if exists ${partitionOf(runId)}`)
}

/** The kept facts pass through a run's COPY as read (decision 030); then the outcome. */
const FACT_COLUMNS = [
  'run_id',
  'location_code',
  'tenant_id',
  'tenant_name',
  'lease_no',
  'unit_no',
  'unit_type_id',
  'old_cents',
  'street_cents',
  'moved_in',
  'rent_last_changed',
  'paid_thru',
  'military',
  'do_not_increase',
  'scheduled',
] as const satisfies ReadonlyArray<keyof CandidateInsert>
const OUTCOME_COLUMNS = [
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
  'auction_winner',
] as const satisfies ReadonlyArray<keyof CandidateInsert>

function keptFactsQuery(runId: number, today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`Not a date: ${today}`)
  return `select ${Math.trunc(runId)}, r.location_code, r.tenant_id, r.tenant_name, r.lease_no, r.unit_no, r.unit_type_id,
    r.rent_cents, r.street_cents, coalesce(r.moved_in, '${today}'), r.rent_last_changed, r.paid_thru, r.military,
    r.do_not_increase, r.scheduled_cents is not null
    from ecri_rent_roll r join ecri_rent_roll_facilities f on f.location_code = r.location_code and f.fetched_at = r.fetched_at
    where r.location_code in (select upper(location_code) from locations)
    order by r.location_code, r.unit_no`
}

/** Where a run's time went, in milliseconds (the ECRI bench prints them). */
export interface EcriRunTimings {
  refresh: number
  rules: number
  store: number
  indexes: number
}

/** Computes a run as a job (DESIGN §12) from the kept rent roll; safe to run again. Decisions 025 and 030. */
export async function computeEcriRun(
  deps: { db: Db; ssm: SsmClient },
  runId: number,
  timings: EcriRunTimings = { refresh: 0, rules: 0, store: 0, indexes: 0 },
): Promise<void> {
  const { db } = deps
  const [run] = await db.select().from(ecriRuns).where(eq(ecriRuns.id, runId))
  if (run?.status !== 'computing') return
  let started = performance.now()
  try {
    const codes = run.refresh ? await everySiteCode(db) : await unfetchedFacilities(db)
    if (codes.length > 0) await fetchRentRoll(deps, codes)
  } catch (error) {
    await db.update(ecriRuns).set(ssmFailure(error)).where(eq(ecriRuns.id, runId))
    return
  }
  timings.refresh += performance.now() - started
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
  const missing = await unfetchedFacilities(db)
  const age = await rentRollAge(db)
  const winners = await auctionWinnerUnits(db)
  const context = {
    today: run.today,
    effective_date: run.effective_date,
    max_increase_percent: run.max_increase_percent,
  }
  const excluded: Record<string, number> = {}
  let leases = 0
  let eligible = 0
  const perFacility = new Map<string, { leases: number; eligible: number; totals: EcriTotals }>()
  const copy = await openCopy(db, partitionName(runId), [...FACT_COLUMNS, ...OUTCOME_COLUMNS])
  try {
    let pending = ''
    started = performance.now()
    await readCopy(db, keptFactsQuery(runId, run.today), async (lines) => {
      for (const line of lines) {
        const fields = line.split('\t')
        const code = fields[1]!
        const fact = {
          location_code: code,
          rent_cents: Number(fields[7]),
          street_cents: fields[8] === NULL ? null : Number(fields[8]),
          moved_in: fields[9]!,
          rent_last_changed: fromCopyText(fields[10]!),
          paid_thru: fromCopyText(fields[11]!),
          military: fields[12] === 't',
          do_not_increase: fields[13] === 't',
          scheduled: fields[14] === 't',
          auction_winner: winners.size > 0 && winners.has(`${code}|${fromCopyText(fields[5]!)!.toUpperCase()}`),
        }
        const outcome = evaluateLease(fact, run.rules, context)
        let facility = perFacility.get(code)
        if (!facility) perFacility.set(code, (facility = { leases: 0, eligible: 0, totals: emptyTotals() }))
        facility.leases++
        leases++
        if (outcome.excluded) excluded[outcome.excluded] = (excluded[outcome.excluded] ?? 0) + 1
        else {
          eligible++
          facility.eligible++
          addToTotals(facility.totals, outcome)
        }
        pending += `${line}\t${copyLine([
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
          fact.auction_winner,
        ])}`
      }
      if (pending.length >= COPY_CHUNK) {
        const writing = performance.now()
        await copy.write(pending)
        pending = ''
        timings.store += performance.now() - writing
      }
    })
    const writing = performance.now()
    timings.rules += writing - started - timings.store
    await copy.write(pending)
    await copy.end()
    for (let start = 0; start < facilities.length; start += FACILITY_ROWS) {
      const rows = [...perFacility].slice(start, start + FACILITY_ROWS)
      if (rows.length > 0)
        await db.insert(ecriRunFacilities).values(
          rows.map(([code, facility]) => ({
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
    timings.store += performance.now() - writing
  } catch (error) {
    await copy.abort()
    throw error
  }
  const indexing = performance.now()
  const partition = partitionName(runId)
  await runSideBySide(db, [
    `create unique index ${partition}_key on ${partition} (run_id, id)`,
    ...CANDIDATE_INDEXES.map((on, index) => `create index ${partition}_${index} on ${partition} ${on}`),
  ])
  await db.execute(
    sql.raw(`alter table ${partition} add constraint ${partition}_pkey primary key using index ${partition}_key`),
  )
  await db.execute(
    sql`alter table ecri_candidates attach partition ${partitionOf(runId)} for values in (${sql.raw(String(Math.trunc(runId)))})`,
  )
  timings.indexes += performance.now() - indexing
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
      rent_roll_fetched_from: age.from,
      rent_roll_fetched_to: age.to,
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
    refresh: run.refresh,
    rent_roll_fetched_from: run.rent_roll_fetched_from?.toISOString() ?? null,
    rent_roll_fetched_to: run.rent_roll_fetched_to?.toISOString() ?? null,
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
