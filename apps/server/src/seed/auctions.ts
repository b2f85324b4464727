import type { Tx } from '../db/client.ts'
import { auctionWinners, auctions } from '../db/schema.ts'
import { generatePersonName } from './generate.ts'
import { createRandom } from './random.ts'

const DAY = 86_400_000
const startOfDay = (time: number) => new Date(new Date(time).setHours(0, 0, 0, 0))
const endOfDay = (time: number) => new Date(new Date(time).setHours(23, 59, 59, 999))

/** Three completed auctions with outcomes and an active one with winners not yet emailed, for a fresh start's screens. */
export async function seedDemoAuctions(
  tx: Tx,
  options: {
    locations: ReadonlyArray<{ location_code: string; city: string; zip: string }>
    unitsByLocation: Map<string, string[]>
    gateCode: string
  },
) {
  const random = createRandom('auctions')
  const now = Date.now()
  const plans = [
    { ago: 95, winners: 6, completed: true },
    { ago: 60, winners: 9, completed: true },
    { ago: 30, winners: 7, completed: true },
    // Ended three days ago: its winners are known (imported the day after the end) and not emailed yet.
    { ago: 9, winners: 8, completed: false },
  ]
  const facilities = options.locations.slice(0, 4)
  for (const plan of plans) {
    const start = now - plan.ago * DAY
    const [auction] = await tx
      .insert(auctions)
      .values({
        startDate: startOfDay(start),
        endDate: endOfDay(start + 6 * DAY),
        gateCode: options.gateCode,
        created_by: 'admin@example.com',
        createdAt: new Date(start - 3 * DAY),
        completedAt: plan.completed ? new Date(start + 14 * DAY) : null,
      })
      .returning()
    const used = new Set<string>()
    const rows: Array<typeof auctionWinners.$inferInsert & { sent_at: Date | null; facility_balance: number }> = []
    for (let index = 0; index < plan.winners; index++) {
      const facility = random.pick(facilities)
      const units = options.unitsByLocation.get(facility.location_code) ?? []
      const unit = random.pick(units)
      if (!unit || used.has(`${facility.location_code}/${unit}`)) continue
      used.add(`${facility.location_code}/${unit}`)
      const { first, last } = generatePersonName(random)
      const sentAt = plan.completed ? new Date(start + 7 * DAY + index * 60_000) : null
      rows.push({
        auction_id: auction!.id,
        name: `${first} ${last}`,
        email: `${first}.${last}.${auction!.id}${index}@example.com`.toLowerCase(),
        location_code: facility.location_code,
        unit_no: unit,
        phone: `(512) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
        address: `${random.int(10, 9899)} ${random.pick(['Cedar', 'Pecan', 'Oak', 'Maple'])} Lane`,
        city: facility.city,
        zip: facility.zip,
        facility_balance: random.int(150, 2400) + random.int(0, 99) / 100,
        status: sentAt ? ('sent' as const) : ('unsent' as const),
        sent_at: sentAt,
        sent_by: sentAt ? 'admin@example.com' : null,
        createdAt: new Date(start + 7 * DAY),
      })
    }
    if (rows.length === 0) continue
    const inserted = await tx
      .insert(auctionWinners)
      .values(rows.map((row, index) => withOutcome(row, index, plan.ago)))
      .returning()
    const backups = inserted
      .filter((winner) => winner.outcome === 'defaulted')
      .map((winner) => {
        const { first, last } = generatePersonName(random)
        const sentAt = new Date(winner.sent_at!.getTime() + 4 * DAY)
        return withOutcome(
          {
            auction_id: winner.auction_id,
            phone: `(512) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
            address: `${random.int(10, 9899)} ${random.pick(['Cedar', 'Pecan', 'Oak', 'Maple'])} Lane`,
            city: winner.city,
            zip: winner.zip,
            status: 'sent' as const,
            sent_by: 'admin@example.com',
            name: `${first} ${last}`,
            email: `${first}.${last}.backup${winner.id}@example.com`.toLowerCase(),
            location_code: winner.location_code,
            unit_no: winner.unit_no,
            facility_balance: Math.round(winner.facility_balance * 90) / 100,
            sent_at: sentAt,
            createdAt: sentAt,
            backup_for_id: winner.id,
          },
          1,
          plan.ago,
        )
      })
    if (backups.length > 0) await tx.insert(auctionWinners).values(backups)
  }

  /** Outcomes (decision 017): every fifth defaulted with a backup offered, the others paid 80–130 %, mostly cleaned out. */
  function withOutcome<Row extends { sent_at: Date | null; facility_balance: number }>(
    row: Row,
    index: number,
    ago: number,
  ) {
    if (!row.sent_at) return row
    const kind = index % 5
    const outcome_at = new Date(row.sent_at.getTime() + (2 + (index % 3)) * DAY)
    if (kind === 0) return { ...row, outcome: 'defaulted' as const, outcome_at, outcome_by: 'admin@example.com' }
    if (kind === 4 && ago < 40) return row
    const amount_paid = Math.round(row.facility_balance * random.int(80, 130)) / 100
    const outcome = kind === 3 && ago < 40 ? ('paid' as const) : ('cleaned_out' as const)
    return { ...row, outcome, amount_paid, outcome_at, outcome_by: 'admin@example.com' }
  }
}
