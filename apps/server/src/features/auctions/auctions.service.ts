import { count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  AUCTION_MESSAGES,
  winnerOutcomeRefusal,
  type BackupBidderInput,
  type WinnerOutcomeInput,
  CLEANOUT_DAYS,
  formatDollars,
  type Auction,
  type AuctionWinner,
  type AuctionWinnersPage,
  type WinnerEmailsSent,
  type WinnersUploaded,
} from '@storageops/contracts/auctions'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import type { Db, Tx } from '../../db/client.ts'
import { auctionWinners, auctions, gateCodes, locations } from '../../db/schema.ts'
import { actorName, recordAudit, type AuditActor } from '../../lib/audit.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { HttpError, conflict, notFound } from '../../lib/http-error.ts'
import { facilityPlaceholders, namePlaceholders, queueMessage } from '../communications/outbox.service.ts'
import { parseWinnersCsv } from './winners-csv.ts'

type AuctionRow = typeof auctions.$inferSelect
type WinnerRow = typeof auctionWinners.$inferSelect

interface AuctionSummary {
  winners: number
  unitsSold: number
  proceeds: number
  balanceRecovered: number
}
const NO_WINNERS: AuctionSummary = { winners: 0, unitsSold: 0, proceeds: 0, balanceRecovered: 0 }

const toAuction = (row: AuctionRow, summary: AuctionSummary): Auction => ({
  id: row.id,
  startDate: row.startDate.toISOString(),
  endDate: row.endDate.toISOString(),
  gateCode: row.gateCode,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  numberOfAuctionWinners: summary.winners,
  unitsSold: summary.unitsSold,
  proceeds: summary.proceeds,
  balanceRecovered: summary.balanceRecovered,
})

const toWinner = (row: WinnerRow, backupId: number | null): AuctionWinner => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sent_at: row.sent_at?.toISOString() ?? null,
  outcome_at: row.outcome_at?.toISOString() ?? null,
  backup_id: backupId,
})

const SOLD = sql`${auctionWinners.outcome} in ('paid', 'cleaned_out')`
const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100

/** Per auction: winners (backups included), units sold, proceeds and balance recovered (surplus: decision 017). */
async function summarize(db: Db | Tx, auctionIds: number[]): Promise<Map<number, AuctionSummary>> {
  if (auctionIds.length === 0) return new Map()
  const rows = await db
    .select({
      auction_id: auctionWinners.auction_id,
      winners: sql<number>`count(*)::int`,
      unitsSold: sql<number>`(count(*) filter (where ${SOLD}))::int`,
      proceeds: sql<string>`coalesce(sum(${auctionWinners.amount_paid}) filter (where ${SOLD}), 0)`,
      balanceRecovered: sql<string>`coalesce(sum(least(${auctionWinners.amount_paid}, ${auctionWinners.facility_balance})) filter (where ${SOLD}), 0)`,
    })
    .from(auctionWinners)
    .where(inArray(auctionWinners.auction_id, auctionIds))
    .groupBy(auctionWinners.auction_id)
  return new Map(
    rows.map((row) => [
      row.auction_id,
      {
        winners: Number(row.winners),
        unitsSold: Number(row.unitsSold),
        proceeds: cents(row.proceeds),
        balanceRecovered: cents(row.balanceRecovered),
      },
    ]),
  )
}

export async function getActiveAuction(db: Db | Tx): Promise<Auction | null> {
  const [row] = await db.select().from(auctions).where(isNull(auctions.completedAt))
  if (!row) return null
  return toAuction(row, (await summarize(db, [row.id])).get(row.id) ?? NO_WINNERS)
}

export async function listCompletedAuctions(db: Db): Promise<Auction[]> {
  const rows = await db
    .select()
    .from(auctions)
    .where(isNotNull(auctions.completedAt))
    .orderBy(desc(auctions.completedAt), desc(auctions.id))
  const summaries = await summarize(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toAuction(row, summaries.get(row.id) ?? NO_WINNERS))
}

export async function countAuctionWinners(db: Db, auctionId: number): Promise<number> {
  const [auction] = await db.select({ id: auctions.id }).from(auctions).where(eq(auctions.id, auctionId))
  if (!auction) throw notFound(`Auction ${auctionId} was not found.`, 'id')
  const [total] = await db
    .select({ value: count() })
    .from(auctionWinners)
    .where(eq(auctionWinners.auction_id, auctionId))
  return total?.value ?? 0
}

/** One active auction at a time (409; the partial unique index settles a race). Audited. */
export async function createAuction(
  db: Db,
  input: { startDate: string; endDate: string; gateCode: string },
  actor: AuditActor,
): Promise<Auction> {
  try {
    return await db.transaction(async (tx) => {
      if (await getActiveAuction(tx)) throw conflict(AUCTION_MESSAGES.oneActive)
      const [row] = await tx
        .insert(auctions)
        .values({
          startDate: new Date(input.startDate),
          endDate: new Date(input.endDate),
          gateCode: input.gateCode,
          created_by: actorName(actor),
        })
        .returning()
      await recordAudit(tx, actor, 'create', 'auction', row!.id, null, row)
      return toAuction(row!, NO_WINNERS)
    })
  } catch (error) {
    if (!(error instanceof HttpError) && isUniqueViolation(error)) throw conflict(AUCTION_MESSAGES.oneActive)
    throw error
  }
}

/** Ends the active auction (decision 017); 404 unknown, 409 already completed. */
export async function completeAuction(db: Db, auctionId: number, actor: AuditActor): Promise<Auction> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(auctions).where(eq(auctions.id, auctionId)).for('update')
    if (!before) throw notFound(`Auction ${auctionId} was not found.`, 'id')
    if (before.completedAt) throw conflict(`Auction ${auctionId} is already completed.`)
    const [row] = await tx
      .update(auctions)
      .set({ completedAt: new Date() })
      .where(eq(auctions.id, auctionId))
      .returning()
    await recordAudit(tx, actor, 'complete', 'auction', auctionId, before, row)
    return toAuction(row!, (await summarize(tx, [auctionId])).get(auctionId) ?? NO_WINNERS)
  })
}

// Written out: in a one-table select Drizzle leaves columns unqualified, and "id" would then mean the backup's id.
const backupOf = sql<number | null>`(select b.id from auction_winners b where b.backup_for_id = "auction_winners"."id")`

/** Every imported winner, newest first (spec §2: 20 a page). */
export async function listAuctionWinners(
  db: Db,
  query: { limit: number; offset: number },
): Promise<AuctionWinnersPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ winner: auctionWinners, backupId: backupOf })
      .from(auctionWinners)
      .orderBy(desc(auctionWinners.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(auctionWinners),
  ])
  return { count: total?.value ?? 0, rows: rows.map((row) => toWinner(row.winner, row.backupId)) }
}

/** Imports a winners CSV into the active auction (409 without one); a bad row imports nothing (400 with reasons). */
export async function importWinners(
  db: Db,
  file: { filename: string; data: Buffer },
  actor: AuditActor,
): Promise<WinnersUploaded> {
  const known = new Map(
    (await db.select({ code: locations.location_code }).from(locations)).map((row) => [
      row.code.toUpperCase(),
      row.code,
    ]),
  )
  return db.transaction(async (tx) => {
    const [auction] = await tx.select().from(auctions).where(isNull(auctions.completedAt)).for('update')
    if (!auction) throw conflict(AUCTION_MESSAGES.noActive)
    const existing = await tx
      .select({ location_code: auctionWinners.location_code, unit_no: auctionWinners.unit_no })
      .from(auctionWinners)
      .where(eq(auctionWinners.auction_id, auction.id))
    const winners = await parseWinnersCsv(file, {
      knownLocationCodes: known,
      wonUnits: new Set(existing.map((row) => `${row.location_code.toUpperCase()}/${row.unit_no.toUpperCase()}`)),
    })
    const rows = await tx
      .insert(auctionWinners)
      .values(winners.map((winner) => ({ ...winner, auction_id: auction.id })))
      .returning({ id: auctionWinners.id })
    await recordAudit(tx, actor, 'import', 'auction_winners', auction.id, null, {
      auction_id: auction.id,
      filename: file.filename,
      winner_ids: rows.map((row) => row.id),
    })
    return {
      message: `Imported ${rows.length} auction winner${rows.length === 1 ? '' : 's'} into auction ${auction.id}.`,
      auction_id: auction.id,
      imported: rows.length,
    }
  })
}

/** Marks a winner sent without an email (who and when recorded); 404 unknown, 409 already sent. */
export async function markWinnerSent(db: Db, winnerId: number, actor: AuditActor): Promise<AuctionWinner> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(auctionWinners).where(eq(auctionWinners.id, winnerId)).for('update')
    if (!before) throw notFound(`Auction winner ${winnerId} was not found.`, 'id')
    if (before.sent_at)
      throw conflict(
        `${before.name} was already marked as sent on ${formatCalendarDate(before.sent_at.toISOString().slice(0, 10))}.`,
      )
    const [row] = await tx
      .update(auctionWinners)
      .set({ status: 'sent', sent_at: new Date(), sent_by: actorName(actor) })
      .where(eq(auctionWinners.id, winnerId))
      .returning()
    await recordAudit(tx, actor, 'mark_as_sent', 'auction_winner', winnerId, before, row)
    return toWinner(row!, null)
  })
}

/** The clean-out deadline of an email sent at `now`: CLEANOUT_DAYS later, MM/DD/YYYY. */
export function cleanoutDeadline(now: Date): string {
  const deadline = new Date(now.getTime() + CLEANOUT_DAYS * 86_400_000)
  return formatCalendarDate(deadline.toISOString().slice(0, 10))
}

/** Queues every unsent winner's email and marks them sent in one transaction; sent once ever (DESIGN §10). */
export async function sendWinnerEmails(db: Db, actor: AuditActor): Promise<WinnerEmailsSent> {
  return db.transaction(async (tx) => {
    const now = new Date()
    const claimed = await tx
      .update(auctionWinners)
      .set({ status: 'sent', sent_at: now, sent_by: actorName(actor) })
      .where(isNull(auctionWinners.sent_at))
      .returning()
    if (claimed.length === 0) return { message: AUCTION_MESSAGES.done, sent: 0 }
    const codes = [...new Set(claimed.map((row) => row.location_code))]
    const facilities = new Map(
      (await tx.select().from(locations).where(inArray(locations.location_code, codes))).map((row) => [
        row.location_code,
        row,
      ]),
    )
    const auctionIds = [...new Set(claimed.map((row) => row.auction_id))]
    const auctionCodes = new Map(
      (await tx.select().from(auctions).where(inArray(auctions.id, auctionIds))).map((row) => [row.id, row.gateCode]),
    )
    const [rotated] = await tx.select().from(gateCodes).where(eq(gateCodes.name, 'Auction Winner'))
    const deadline = cleanoutDeadline(now)
    for (const winner of claimed) {
      const facility = facilities.get(winner.location_code)!
      await queueMessage(tx, {
        idempotency_key: `auction-winner/${winner.id}`,
        template: 'auction_winner',
        location_code: winner.location_code,
        methods: ['email'],
        recipient: { name: winner.name, email: winner.email, phone: winner.phone },
        data: {
          ...facilityPlaceholders(facility),
          winner: namePlaceholders(winner.name),
          unit_no: winner.unit_no,
          balance_due: formatDollars(winner.facility_balance),
          cleanout_deadline: deadline,
          gate_code: rotated?.currentCode ?? auctionCodes.get(winner.auction_id) ?? '',
          auction_id: String(winner.auction_id),
        },
      })
    }
    await recordAudit(tx, actor, 'send_emails', 'auction_winners', null, null, {
      winner_ids: claimed.map((row) => row.id),
    })
    return { message: AUCTION_MESSAGES.done, sent: claimed.length }
  })
}

async function lockWinner(tx: Tx, winnerId: number) {
  const [winner] = await tx.select().from(auctionWinners).where(eq(auctionWinners.id, winnerId)).for('update')
  if (!winner) throw notFound(`Auction winner ${winnerId} was not found.`, 'id')
  const [backup] = await tx
    .select({ id: auctionWinners.id })
    .from(auctionWinners)
    .where(eq(auctionWinners.backup_for_id, winnerId))
  return { winner, backupId: backup?.id ?? null }
}

/** Offers a defaulted winner's unit to a backup bidder: a new, unsent winner of that unit in the same auction. */
async function insertBackup(
  tx: Tx,
  defaulted: WinnerRow,
  input: z.output<typeof BackupBidderInput>,
  actor: AuditActor,
) {
  const [row] = await tx
    .insert(auctionWinners)
    .values({
      auction_id: defaulted.auction_id,
      location_code: defaulted.location_code,
      unit_no: defaulted.unit_no,
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      facility_balance: input.facility_balance,
      backup_for_id: defaulted.id,
    })
    .returning()
  await recordAudit(tx, actor, 'offer_to_backup', 'auction_winner', row!.id, null, row)
  return row!
}

/**
 * Records a winner's outcome (decision 017): awaiting → paid or defaulted (optionally offering a backup bidder), paid
 * → cleaned out; audited. 404 unknown winner; 409 for any other move.
 */
export async function recordWinnerOutcome(
  db: Db,
  winnerId: number,
  input: z.output<typeof WinnerOutcomeInput>,
  actor: AuditActor,
): Promise<AuctionWinner> {
  return db.transaction(async (tx) => {
    const { winner: before, backupId } = await lockWinner(tx, winnerId)
    const refusal = winnerOutcomeRefusal(
      { name: before.name, sent_at: before.sent_at?.toISOString() ?? null, outcome: before.outcome },
      input.outcome,
    )
    if (refusal) throw conflict(refusal)
    const [row] = await tx
      .update(auctionWinners)
      .set({
        outcome: input.outcome,
        outcome_at: new Date(),
        outcome_by: actorName(actor),
        ...(input.outcome === 'paid' ? { amount_paid: input.amount_paid } : {}),
      })
      .where(eq(auctionWinners.id, winnerId))
      .returning()
    await recordAudit(tx, actor, `outcome_${input.outcome}`, 'auction_winner', winnerId, before, row)
    const backup =
      input.outcome === 'defaulted' && input.backup_bidder
        ? await insertBackup(tx, row!, input.backup_bidder, actor)
        : null
    return toWinner(row!, backup?.id ?? backupId)
  })
}

/** Offers a defaulted winner's unit to a backup bidder later; 409 unless defaulted and not yet offered. */
export async function offerToBackupBidder(
  db: Db,
  winnerId: number,
  input: z.output<typeof BackupBidderInput>,
  actor: AuditActor,
): Promise<AuctionWinner> {
  return db.transaction(async (tx) => {
    const { winner, backupId } = await lockWinner(tx, winnerId)
    if (winner.outcome !== 'defaulted')
      throw conflict(
        `${winner.name} has not defaulted: unit ${winner.unit_no} can be offered to a backup bidder only after a default.`,
      )
    if (backupId !== null)
      throw conflict(`Unit ${winner.unit_no} was already offered to a backup bidder (winner ${backupId}).`)
    return toWinner(await insertBackup(tx, winner, input, actor), null)
  })
}
