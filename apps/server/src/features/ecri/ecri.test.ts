import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { EcriCandidate, EcriCandidatePage, EcriRentRoll, EcriRun, EcriRuleSet } from '@storageops/contracts/ecri'
import { ecriRuleSetsResource } from '@storageops/contracts/ecri'
import { evaluateLease } from '@storageops/contracts/ecri-rules'
import type { RateChanges } from '@storageops/contracts/rates'
import {
  auctionWinners,
  auctions,
  ecriRentRollRefreshes,
  ecriRuns,
  locations,
  rateUploadRows,
} from '../../db/schema.ts'
import { ssmClientFor } from '../../integrations/ssm/client.ts'
import { useTestContext } from '../../test/context.ts'
import { getTenant } from '../rates/ssm-rates.ts'
import { nextNightly } from './ecri-run.job.ts'
import { readRentRoll } from './ssm-rent-roll.ts'

const ctx = useTestContext()
let admin: string
let ruleSet: EcriRuleSet

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, token = admin) =>
  ctx.request({
    method,
    url,
    host: 'admin.localhost',
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

async function runAndWait(ruleSetId: number, refresh?: boolean): Promise<EcriRun> {
  const started = await call('POST', '/api/ecri/runs', { rule_set_id: ruleSetId, refresh })
  expect(started.statusCode).toBe(202)
  const { id } = started.json<{ id: number }>()
  for (let tries = 0; tries < 600; tries++) {
    const run = (await call('GET', `/api/ecri/runs/${id}`)).json<EcriRun>()
    if (run.status !== 'computing') return run
    await ctx.app.jobs.sweep()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`run ${id} never finished`)
}

const page = async (runId: number, query: string) => {
  const response = await call('GET', `/api/ecri/runs/${runId}/candidates?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<EcriCandidatePage>()
}

beforeAll(async () => {
  admin = await ctx.signInAdmin()
  const created = await call('POST', '/api/ecri/rule_sets', ecriRuleSetsResource.example)
  expect(created.statusCode, created.body).toBe(201)
  ruleSet = created.json<EcriRuleSet>()
})

describe('ECRI rule sets', () => {
  test('are versioned like content: each saved change is a version with its fields', async () => {
    const updated = await call('PUT', `/api/ecri/rule_sets/${ruleSet.id}`, {
      ...ecriRuleSetsResource.example,
      max_increase_percent: 8,
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const versions = (await call('GET', `/api/ecri/rule_sets/${ruleSet.id}/versions`)).json<
      Array<{ version: number; changed_fields: string[] }>
    >()
    expect(versions.map((version) => version.version)).toEqual([2, 1])
    expect(versions[0]!.changed_fields).toEqual(['max_increase_percent'])
    await call('PUT', `/api/ecri/rule_sets/${ruleSet.id}`, ecriRuleSetsResource.example)
  })

  test('bad rules are refused with 400 naming the field', async () => {
    for (const [field, value] of [
      ['effective_day', 29],
      ['toward_street_percent', 0],
      ['ceiling_percent', 60],
      ['max_increase_dollars', 2.5],
      ['excluded_facilities', ['not a code!']],
    ] as const) {
      const response = await call('POST', '/api/ecri/rule_sets', {
        ...ecriRuleSetsResource.example,
        name: 'x',
        [field]: value,
      })
      expect(response.statusCode, field).toBe(400)
      expect(response.json<{ field: string }>().field, field).toMatch(new RegExp(`^${field}`))
    }
  })
})

describe('ECRI runs', () => {
  let run: EcriRun
  const pastDueLease = { code: '', lease: '' }
  const winnerUnit = { code: '', unit: '' }

  beforeAll(async () => {
    // One lease far past due and one unit with an active auction winner, read from the stand-in over SOAP.
    const ssm = ssmClientFor(ctx.env, ctx.ssm.url)
    const [first] = await ctx.db.select().from(locations).orderBy(locations.location_code).limit(1)
    const leases = []
    for await (const batch of readRentRoll(ssm, [first!.location_code])) leases.push(...batch.leases)
    const [a, b] = leases.filter((lease) => !lease.military && !lease.do_not_increase)
    Object.assign(pastDueLease, { code: a!.location_code, lease: a!.lease_no })
    Object.assign(winnerUnit, { code: b!.location_code, unit: b!.unit_no })
    ctx.ssm.setPaidThru(a!.lease_no, '2020-01-01')
    const [auction] = await ctx.db.select().from(auctions).where(isNull(auctions.completedAt))
    await ctx.db.insert(auctionWinners).values({
      auction_id: auction!.id,
      name: 'Bidder',
      email: 'bidder@example.com',
      location_code: b!.location_code,
      unit_no: b!.unit_no,
      facility_balance: 0,
    })
    run = await runAndWait(ruleSet.id)
  }, 120_000)

  test('every lease of every facility comes through the rent roll, each eligible or excluded with a reason', async () => {
    expect(run).toMatchObject({
      status: 'ready',
      rule_set_name: 'Standard ECRI',
      rule_set_version: 3,
      missing_facilities: [],
    })
    const facilities = await ctx.db.select().from(locations)
    expect(run.facilities).toBe(facilities.length)
    expect(run.leases).toBeGreaterThan(facilities.length * 150)
    const excluded = Object.values(run.excluded).reduce((sum, value) => sum + value, 0)
    expect(run.eligible + excluded).toBe(run.leases)
    expect(run.eligible).toBeGreaterThan(0)
    for (const reason of ['military', 'do_not_increase', 'past_due', 'tenure', 'recent_increase', 'auction_winner'])
      expect(run.excluded[reason], `${reason} in ${JSON.stringify(run.excluded)}`).toBeGreaterThan(0)
    expect(run.chosen).toBe(run.eligible)
    expect(run.annual_change_cents).toBe(run.monthly_change_cents * 12)
    expect(run.bands.reduce((sum, value) => sum + value, 0)).toBe(run.chosen)
    expect(run.histogram.reduce((sum, value) => sum + value, 0)).toBe(run.chosen)
    expect(run.effective_date).toMatch(/^\d{4}-\d{2}-01$/)
    // No facility had been fetched: the run read them all into the kept rent roll first (decision 030).
    expect(run.refresh).toBe(false)
    expect(run.rent_roll_fetched_from).not.toBeNull()
    expect(Date.parse(run.rent_roll_fetched_to!)).toBeLessThanOrEqual(Date.parse(run.finished_at!))
    const kept = (await call('GET', '/api/ecri/rent_roll')).json<EcriRentRoll>()
    expect(kept).toMatchObject({ facilities: facilities.length, leases: run.leases, never_fetched: 0, refresh: null })
  })

  test('the flagged lease and the auction unit are left out, named', async () => {
    const [pastDue] = (await page(run.id, `q=${pastDueLease.lease}`)).rows
    expect(pastDue).toMatchObject({ excluded: 'past_due', chosen: false, paid_thru: '2020-01-01' })
    expect(pastDue!.reason).toMatch(/^Past due \d+ days \(more than 30\)\.$/)
    const winners = await page(run.id, `location_code=${winnerUnit.code}&excluded=auction_winner`)
    expect(winners.rows.map((row) => row.unit_no)).toEqual([winnerUnit.unit])
    expect(winners.count).toBe(1)
  })

  test("a candidate's numbers are the rules applied to what the system holds for the lease", async () => {
    const { rows } = await page(run.id, 'status=eligible&sort=change_cents&order=desc&limit=3')
    const ssm = ssmClientFor(ctx.env, ctx.ssm.url)
    for (const row of rows) {
      const tenant = await getTenant(ssm, row.location_code, row.tenant_id)
      const lease = tenant!.leases.find((candidate) => candidate.lease_no === row.lease_no)!
      expect(row.old_cents).toBe(lease.rent_cents)
      const outcome = evaluateLease(
        {
          location_code: row.location_code,
          rent_cents: lease.rent_cents,
          street_cents: row.street_cents,
          moved_in: row.moved_in,
          rent_last_changed: row.rent_last_changed,
          paid_thru: row.paid_thru,
          scheduled: false,
          military: false,
          do_not_increase: false,
          auction_winner: false,
        },
        run.rules,
        { today: run.today, effective_date: run.effective_date, max_increase_percent: run.max_increase_percent },
      )
      expect(row).toMatchObject({
        proposed_cents: outcome.new_cents,
        change_cents: outcome.change_cents,
        excluded: null,
      })
      expect(row.change_cents).toBeLessThanOrEqual(2500)
      expect(row.change_cents).toBeLessThanOrEqual(Math.floor(row.old_cents / 10))
    }
    expect(rows[0]!.change_cents).toBeGreaterThanOrEqual(rows[2]!.change_cents)
  })

  test('candidates are filtered, sorted and paged on the server, with counts', async () => {
    const all = await page(run.id, 'limit=10')
    expect(all.count).toBe(run.leases)
    expect(all.rows).toHaveLength(10)
    const next = await page(run.id, 'limit=10&offset=10')
    expect(next.rows[0]!.id).not.toBe(all.rows[0]!.id)
    const codes = all.rows.map((row) => `${row.location_code}|${row.unit_no}`)
    expect(codes).toEqual([...codes].sort())
    expect((await page(run.id, 'status=excluded&limit=1')).count).toBe(run.leases - run.eligible)
    const tenure = await page(run.id, 'excluded=tenure&limit=5')
    expect(tenure.count).toBe(run.excluded.tenure)
    expect(tenure.rows.every((row) => row.reason?.startsWith('Tenure of '))).toBe(true)
    const facility = await page(run.id, `location_code=${winnerUnit.code.toLowerCase()}&limit=100`)
    expect(facility.rows.every((row) => row.location_code === winnerUnit.code)).toBe(true)
    for (const [query, field] of [
      ['sort=tenant_name', 'sort'],
      ['limit=500', 'limit'],
      ['status=maybe', 'status'],
      ['excluded=tall', 'excluded'],
    ])
      expect(
        (await call('GET', `/api/ecri/runs/${run.id}/candidates?${query}`)).json<{ field: string }>(),
      ).toMatchObject({
        field,
      })
    expect((await call('GET', '/api/ecri/runs/99999/candidates')).statusCode).toBe(404)
  })

  test('per facility and overall revenue follow an untick and an override within the guardrails', async () => {
    const [row] = (await page(run.id, 'status=eligible&sort=change_cents&order=desc&limit=1')).rows as [EcriCandidate]
    const facility = async () =>
      (await call('GET', `/api/ecri/runs/${run.id}/facilities?limit=100`))
        .json<{ rows: Array<{ location_code: string; chosen: number; monthly_change_cents: number }> }>()
        .rows.find((entry) => entry.location_code === row.location_code)!
    const before = await facility()
    const unticked = await call('PATCH', `/api/ecri/runs/${run.id}/candidates/${row.id}`, { chosen: false })
    expect(unticked.statusCode, unticked.body).toBe(200)
    expect(await facility()).toMatchObject({
      chosen: before.chosen - 1,
      monthly_change_cents: before.monthly_change_cents - row.change_cents,
    })
    const total = (await call('GET', `/api/ecri/runs/${run.id}`)).json<EcriRun>()
    expect(total.monthly_change_cents).toBe(run.monthly_change_cents - row.change_cents)
    expect((await page(run.id, 'status=unticked')).rows.map((entry) => entry.id)).toEqual([row.id])

    const tooMuch = Math.floor((row.old_cents * (100 + run.max_increase_percent)) / 100) + 1
    const refused = await call('PATCH', `/api/ecri/runs/${run.id}/candidates/${row.id}`, { new_cents: tooMuch })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ field: 'new_cents', message: expect.stringContaining('maximum increase') })
    const lower = await call('PATCH', `/api/ecri/runs/${run.id}/candidates/${row.id}`, {
      chosen: true,
      new_cents: row.old_cents + 100,
    })
    expect(lower.json<EcriCandidate>()).toMatchObject({
      new_cents: row.old_cents + 100,
      change_cents: 100,
      overridden: true,
    })
    expect(await facility()).toMatchObject({
      chosen: before.chosen,
      monthly_change_cents: before.monthly_change_cents - row.change_cents + 100,
    })
    const [excluded] = (await page(run.id, 'status=excluded&limit=1')).rows
    expect(
      (await call('PATCH', `/api/ecri/runs/${run.id}/candidates/${excluded!.id}`, { chosen: true })).statusCode,
    ).toBe(409)
    expect((await call('PATCH', `/api/ecri/runs/${run.id}/candidates/${row.id}`, {})).json()).toMatchObject({
      field: 'chosen',
    })
  })

  test("'Create tenant-rate upload' makes the chosen rows the pending tenant-rate upload, every guardrail applied", async () => {
    const code = winnerUnit.code
    const chosen = await page(run.id, `location_code=${code}&status=chosen&limit=100`)
    const created = await call('POST', `/api/ecri/runs/${run.id}/upload`, { location_codes: [code] })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json()).toMatchObject({ counts: { received: chosen.count, pending: chosen.count, errors: 0 } })
    const changes = (await call('GET', '/api/tenant_rate/changes')).json<RateChanges>()
    expect(changes.counts).toEqual({ received: chosen.count, pending: chosen.count, errors: 0 })
    expect(changes.upload?.file_name).toBe(`ecri-run-${run.id}.csv`)
    const rows = await ctx.db
      .select()
      .from(rateUploadRows)
      .where(eq(rateUploadRows.upload_id, created.json<{ upload_id: number }>().upload_id))
    expect(rows.map((entry) => [entry.lease_no, entry.new_cents, entry.effective_date]).sort()).toEqual(
      chosen.rows.map((entry) => [entry.lease_no, entry.new_cents, run.effective_date]).sort(),
    )
    const [stored] = await ctx.db
      .select()
      .from(ecriRuns)
      .where(and(eq(ecriRuns.id, run.id)))
    expect(stored!.upload_id).toBe(created.json<{ upload_id: number }>().upload_id)
    expect((await call('POST', `/api/ecri/runs/${run.id}/upload`, {})).statusCode).toBe(409)
    expect(
      (await call('PATCH', `/api/ecri/runs/${run.id}/candidates/${chosen.rows[0]!.id}`, { chosen: false })).statusCode,
    ).toBe(409)
    await call('POST', '/api/tenant_rate/discard')
  })

  test('runs need the /ecri page; bad input is 400 or 404 naming the field', async () => {
    const editor = await ctx.signInAdmin('editor@example.com', 'editor-demo')
    expect((await call('GET', '/api/ecri/runs', undefined, editor)).statusCode).toBe(403)
    expect((await call('POST', '/api/ecri/runs', { rule_set_id: ruleSet.id }, editor)).statusCode).toBe(403)
    expect((await call('POST', '/api/ecri/runs', { rule_set_id: 'one' })).json()).toMatchObject({
      field: 'rule_set_id',
    })
    const missing = await call('POST', '/api/ecri/runs', { rule_set_id: 99999 })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ field: 'rule_set_id' })
    expect((await call('POST', `/api/ecri/runs/${run.id}/upload`, { location_codes: ['??'] })).statusCode).toBe(400)
  })
})

describe('the kept rent roll (decision 030)', () => {
  const rentRoll = async () => (await call('GET', '/api/ecri/rent_roll')).json<EcriRentRoll>()

  test('is refreshed nightly at 03:00 server time, the next such time after now', () => {
    expect(nextNightly(new Date(2026, 10, 29, 2, 59))).toEqual(new Date(2026, 10, 29, 3, 0))
    expect(nextNightly(new Date(2026, 10, 29, 3, 0))).toEqual(new Date(2026, 10, 30, 3, 0))
    expect(nextNightly(new Date(2026, 11, 31, 23, 0))).toEqual(new Date(2027, 0, 1, 3, 0))
  })

  test('a run reads the kept rent roll until it is refreshed, and says when its inputs were fetched', async () => {
    const before = await runAndWait(ruleSet.id)
    const [second] = await ctx.db.select().from(locations).orderBy(locations.location_code).offset(1).limit(1)
    const [lease] = (await page(before.id, `location_code=${second!.location_code}&status=eligible&limit=1`)).rows
    const fetchedTo = before.rent_roll_fetched_to!
    ctx.ssm.setPaidThru(lease!.lease_no, '2020-01-01')

    const stale = await runAndWait(ruleSet.id)
    expect(stale.rent_roll_fetched_to).toBe(fetchedTo)
    expect((await page(stale.id, `q=${lease!.lease_no}`)).rows[0]).toMatchObject({
      excluded: null,
      paid_thru: lease!.paid_thru,
    })

    const started = await call('POST', '/api/ecri/rent_roll/refresh')
    expect(started.statusCode, started.body).toBe(202)
    for (let tries = 0; tries < 600 && (await rentRoll()).refresh?.status === 'running'; tries++) {
      await ctx.app.jobs.sweep()
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const kept = await rentRoll()
    expect(kept.refresh).toMatchObject({ status: 'done', requested_by: 'admin@example.com', leases: before.leases })
    expect(kept.refresh!.facilities).toBe(before.facilities)
    expect(Date.parse(kept.fetched_from!)).toBeGreaterThan(Date.parse(fetchedTo))

    const fresh = await runAndWait(ruleSet.id)
    expect(fresh.rent_roll_fetched_from).toBe(kept.fetched_from)
    const [now] = (await page(fresh.id, `q=${lease!.lease_no}`)).rows
    expect(now).toMatchObject({ excluded: 'past_due', paid_thru: '2020-01-01' })
  }, 120_000)

  test('a run can ask for a refresh first; a second refresh while one runs is 409', async () => {
    const kept = await rentRoll()
    const refreshed = await runAndWait(ruleSet.id, true)
    expect(refreshed).toMatchObject({ status: 'ready', refresh: true })
    expect(Date.parse(refreshed.rent_roll_fetched_from!)).toBeGreaterThan(Date.parse(kept.fetched_to!))

    const [running] = await ctx.db.insert(ecriRentRollRefreshes).values({ requested_by: 'nightly' }).returning()
    const refused = await call('POST', '/api/ecri/rent_roll/refresh')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ message: 'The rent roll is being refreshed already.' })
    expect((await rentRoll()).refresh).toMatchObject({ id: running!.id, status: 'running', requested_by: 'nightly' })
    await ctx.db.delete(ecriRentRollRefreshes).where(eq(ecriRentRollRefreshes.id, running!.id))
    const editor = await ctx.signInAdmin('editor@example.com', 'editor-demo')
    expect((await call('GET', '/api/ecri/rent_roll', undefined, editor)).statusCode).toBe(403)
    expect((await call('POST', '/api/ecri/rent_roll/refresh', undefined, editor)).statusCode).toBe(403)
  }, 120_000)
})
