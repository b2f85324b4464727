import { count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import {
  AUCTION_MESSAGES,
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
import { recordAudit, type AuditActor } from '../../lib/audit.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { HttpError, conflict, notFound } from '../../lib/http-error.ts'
import { DEMO_COMPANY } from '../../seed/generate.ts'
import { queueMessage } from '../communications/outbox.service.ts'
import { parseWinnersCsv } from './winners-csv.ts'

type AuctionRow = typeof auctions.$inferSelect
type WinnerRow = typeof auctionWinners.$inferSelect

const toAuction = (row: AuctionRow, winners: number): Auction => ({
  id: row.id,
  startDate: row.startDate.toISOString(),
  endDate: row.endDate.toISOString(),
  gateCode: row.gateCode,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  numberOfAuctionWinners: winners,
})

const toWinner = (row: WinnerRow): AuctionWinner => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sent_at: row.sent_at?.toISOString() ?? null,
})

export const actorName = (actor: AuditActor) =>
  actor.kind === 'system' ? actor.name : actor.kind === 'admin' ? actor.user.email : actor.user.username

// Written out: in a one-table select Drizzle leaves columns unqualified, and "id" would then mean the winner's id.
const winnerCount = sql<number>`(select count(*)::int from auction_winners w where w.auction_id = "auctions"."id")`

export async function getActiveAuction(db: Db | Tx): Promise<Auction | null> {
  const [row] = await db
    .select({ auction: auctions, winners: winnerCount })
    .from(auctions)
    .where(isNull(auctions.completedAt))
  return row ? toAuction(row.auction, Number(row.winners)) : null
}

/** Completed auctions, the most recently completed first. */
export async function listCompletedAuctions(db: Db): Promise<Auction[]> {
  const rows = await db
    .select({ auction: auctions, winners: winnerCount })
    .from(auctions)
    .where(isNotNull(auctions.completedAt))
    .orderBy(desc(auctions.completedAt), desc(auctions.id))
  return rows.map((row) => toAuction(row.auction, Number(row.winners)))
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
      return toAuction(row!, 0)
    })
  } catch (error) {
    if (!(error instanceof HttpError) && isUniqueViolation(error)) throw conflict(AUCTION_MESSAGES.oneActive)
    throw error
  }
}

/** Ends the active auction (decision record 017): it moves to the completed auctions; 404 unknown, 409 already completed. */
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
    const [total] = await tx
      .select({ value: count() })
      .from(auctionWinners)
      .where(eq(auctionWinners.auction_id, auctionId))
    return toAuction(row!, total?.value ?? 0)
  })
}

/** Every imported winner, newest first (spec §2: 20 a page). */
export async function listAuctionWinners(
  db: Db,
  query: { limit: number; offset: number },
): Promise<AuctionWinnersPage> {
  const [rows, [total]] = await Promise.all([
    db.select().from(auctionWinners).orderBy(desc(auctionWinners.id)).limit(query.limit).offset(query.offset),
    db.select({ value: count() }).from(auctionWinners),
  ])
  return { count: total?.value ?? 0, rows: rows.map(toWinner) }
}

/**
 * Imports a winners CSV into the active auction (409 without one): every row checked first, a bad file
 * imports nothing (400 with the rows and reasons), a unit already won in this auction is a bad row.
 */
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
    return toWinner(row!)
  })
}

/** The clean-out deadline of an email sent at `now`: CLEANOUT_DAYS later, MM/DD/YYYY. */
export function cleanoutDeadline(now: Date): string {
  const deadline = new Date(now.getTime() + CLEANOUT_DAYS * 86_400_000)
  return formatCalendarDate(deadline.toISOString().slice(0, 10))
}

/**
 * Queues the winner email of every unsent winner and marks them sent, in one transaction: the rows are
 * claimed by the update (a second call or a double click finds none) and the outbox key
 * `auction-winner/{id}` sends each winner's email once, ever (DESIGN §10).
 */
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
      const [first = '', ...rest] = winner.name.split(/\s+/)
      await queueMessage(tx, {
        idempotency_key: `auction-winner/${winner.id}`,
        template: 'auction_winner',
        location_code: winner.location_code,
        methods: ['email'],
        recipient: { name: winner.name, email: winner.email, phone: winner.phone },
        data: {
          company: { name: DEMO_COMPANY },
          facility: {
            name: facility.name,
            address: facility.address,
            city: facility.city,
            state: facility.state,
            zip: facility.zip,
            phone: facility.phone ?? '',
          },
          winner: { first_name: first, last_name: rest.join(' '), full_name: winner.name },
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
