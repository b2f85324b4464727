import { z } from 'zod'
import { recordsPage } from './list-query.ts'
import { isTypedGateCode, typedGateCodeMessage } from './gate-code.ts'
import { toE164 } from './phone.ts'
import { text } from './primitives.ts'

/** Spec: admin-console-part-1 §8 (auction create) and §8 (auction winner actions). */
export const AUCTION_MESSAGES = {
  created: 'Successfully created auction!',
  createFailed: 'Failed to create auction.',
  done: 'Done',
  sendingEmails: 'Sending out emails.',
  finished: 'Finished.',
  oneActive: 'An auction is already active. Complete it before creating a new one.',
  noActive: 'There is no active auction. Create an auction before uploading its winners.',
} as const

/** Spec §9. */
export const AUCTION_WINNERS_PAGE_SIZE = 20
/** Days after the winner email by which the unit must be cleaned out (decision record 017). */
export const CLEANOUT_DAYS = 3
export const GATE_CODE_PLACEHOLDER = '*xxxxx#'

const isoMoment = text()
  .trim()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), {
    message: 'Must be a date and time (ISO 8601).',
  })

/** POST /api/auction (spec §5, §7): whole days as ISO moments; gateCode kept as typed (decision 023). */
export const CreateAuctionInput = z
  .object({
    startDate: isoMoment,
    endDate: isoMoment,
    gateCode: text()
      .trim()
      .min(1, 'Gate code is required.')
      .max(20)
      .refine(isTypedGateCode, typedGateCodeMessage('Gate code')),
  })
  .refine((input) => Date.parse(input.endDate) > Date.parse(input.startDate), {
    message: 'End date must be after start date.',
    path: ['endDate'],
  })
export type CreateAuctionInput = z.input<typeof CreateAuctionInput>

export const Auction = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  gateCode: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  numberOfAuctionWinners: z.number().int(),
  unitsSold: z.number().int().describe('units whose winner paid (or paid and cleaned out)'),
  proceeds: z.number().describe('dollars paid by the winners of sold units'),
  balanceRecovered: z.number().describe('dollars of the units’ facility balances the payments covered'),
})
export type Auction = z.infer<typeof Auction>

export const AuctionIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
export const AuctionWinnerCount = z.object({ count: z.number().int() })

export const WINNER_STATUSES = ['unsent', 'sent'] as const

/** A winner's outcome after the email (decision record 017); null while the payment is awaited. */
export const WINNER_OUTCOMES = ['paid', 'cleaned_out', 'defaulted'] as const
export type WinnerOutcome = (typeof WINNER_OUTCOMES)[number]
export const WINNER_OUTCOME_LABELS: Record<WinnerOutcome, string> = {
  paid: 'Paid',
  cleaned_out: 'Cleaned out',
  defaulted: 'Defaulted',
}

/** The outcomes a winner may move to: awaiting → paid or defaulted, paid → cleaned out; defaulted and cleaned out are final. */
export function nextWinnerOutcomes(winner: { sent_at: string | null; outcome: WinnerOutcome | null }): WinnerOutcome[] {
  if (!winner.sent_at) return []
  if (winner.outcome === null) return ['paid', 'defaulted']
  return winner.outcome === 'paid' ? ['cleaned_out'] : []
}

/** Why a winner cannot move to `next`, or null when it may (the server answers 409 with this text). */
export function winnerOutcomeRefusal(
  winner: { name: string; sent_at: string | null; outcome: WinnerOutcome | null },
  next: WinnerOutcome,
): string | null {
  if (nextWinnerOutcomes(winner).includes(next)) return null
  if (!winner.sent_at) return `${winner.name} has not been emailed yet: send the winner email or mark it as sent first.`
  const now = winner.outcome ? WINNER_OUTCOME_LABELS[winner.outcome].toLowerCase() : 'awaiting payment'
  return `${winner.name} is ${now} and cannot be marked ${WINNER_OUTCOME_LABELS[next].toLowerCase()}.`
}

const dollarAmount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in dollars.` })
    .max(9_999_999_999, `${label} is too large.`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label} has at most 2 decimals.`)

export const BackupBidderInput = z.object({
  name: text().trim().min(1, 'Name is required.').max(200),
  email: text().trim().toLowerCase().max(254).pipe(z.email('Email is not an email address.')),
  phone: text()
    .trim()
    .max(40)
    .refine((value) => value === '' || toE164(value) !== null, 'Phone is not a valid phone number.')
    .optional(),
  facility_balance: dollarAmount('Facility balance').refine(
    (value) => value >= 0,
    'Facility balance must be 0 or more.',
  ),
})
export type BackupBidderInput = z.input<typeof BackupBidderInput>

export const PaidOutcomeInput = z.object({
  outcome: z.literal('paid'),
  amount_paid: dollarAmount('Amount paid').refine((value) => value > 0, 'Amount paid must be more than 0.'),
})
export const DefaultedOutcomeInput = z.object({
  outcome: z.literal('defaulted'),
  backup_bidder: BackupBidderInput.optional(),
})

/** POST /api/auction_winners/{id}/outcome: paid needs the amount paid; defaulted may offer the unit to a backup bidder. */
export const WinnerOutcomeInput = z.discriminatedUnion('outcome', [
  PaidOutcomeInput,
  z.object({ outcome: z.literal('cleaned_out') }),
  DefaultedOutcomeInput,
])
export type WinnerOutcomeInput = z.input<typeof WinnerOutcomeInput>

/** Spec §3, plus the unit won (a buyer needs it) and who marked or sent it. */
export const AuctionWinner = z.object({
  id: z.number().int(),
  auction_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  location_code: z.string(),
  unit_no: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  facility_balance: z.number().describe('dollars owed at the facility'),
  createdAt: z.string(),
  status: z.enum(WINNER_STATUSES),
  sent_at: z.string().nullable(),
  sent_by: z.string().nullable(),
  outcome: z.enum(WINNER_OUTCOMES).nullable(),
  amount_paid: z.number().nullable().describe('dollars the winner paid'),
  outcome_at: z.string().nullable(),
  outcome_by: z.string().nullable(),
  backup_for_id: z.number().int().nullable().describe('the defaulted winner whose unit this backup bidder was offered'),
  backup_id: z.number().int().nullable().describe('the backup bidder offered this defaulted winner’s unit'),
})
export type AuctionWinner = z.infer<typeof AuctionWinner>

export const AuctionWinnersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(AUCTION_WINNERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
})
export const AuctionWinnersPage = recordsPage(AuctionWinner)
export type AuctionWinnersPage = z.infer<typeof AuctionWinnersPage>

export const WinnersUploaded = z.object({
  message: z.string(),
  auction_id: z.number().int(),
  imported: z.number().int(),
})
export type WinnersUploaded = z.infer<typeof WinnersUploaded>

export const WinnerEmailsSent = z.object({ message: z.string(), sent: z.number().int() })
export type WinnerEmailsSent = z.infer<typeof WinnerEmailsSent>

/** The winners CSV (docs/areas/auctions.md): header names, any order; the required ones first. */
export const WINNER_CSV_REQUIRED_COLUMNS = ['name', 'email', 'location_code', 'unit_no', 'facility_balance'] as const
export const WINNER_CSV_COLUMNS = [...WINNER_CSV_REQUIRED_COLUMNS, 'phone', 'address', 'city', 'zip'] as const
export const WINNER_CSV_MAX_ROWS = 5000
export const WINNER_CSV_SAMPLE = 'auction-winners-sample.csv'

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
export const formatDollars = (amount: number) => dollars.format(amount)

/** '7/31/2026' (spec §2: auction dates in en-US format). */
export const formatAuctionDate = (iso: string) => new Date(iso).toLocaleDateString('en-US')
