import { z } from 'zod'
import { isValidGateCodeEntry } from './gate-code.ts'
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

/**
 * POST /api/auction (spec §5, §7): the start of the start day and the end of the end day as ISO moments;
 * gateCode a 6-digit gate code, optionally in the keypad form `*482915#`; endDate after startDate.
 */
export const CreateAuctionInput = z
  .object({
    startDate: isoMoment,
    endDate: isoMoment,
    gateCode: text()
      .trim()
      .min(1, 'Gate code is required.')
      .max(20)
      .refine(
        isValidGateCodeEntry,
        'Gate code must be 6 digits (100001–999998, not in a straight run), as *xxxxxx# or digits only.',
      ),
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
})
export type Auction = z.infer<typeof Auction>

export const AuctionIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
export const AuctionWinnerCount = z.object({ count: z.number().int() })

export const WINNER_STATUSES = ['unsent', 'sent'] as const

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
})
export type AuctionWinner = z.infer<typeof AuctionWinner>

export const AuctionWinnersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(AUCTION_WINNERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
})
export const AuctionWinnersPage = z.object({ rows: z.array(AuctionWinner), count: z.number().int() })
export type AuctionWinnersPage = z.infer<typeof AuctionWinnersPage>

export const WinnersUploaded = z.object({
  message: z.string(),
  auction_id: z.number().int(),
  imported: z.number().int(),
})
export type WinnersUploaded = z.infer<typeof WinnersUploaded>

export const WinnerEmailsSent = z.object({ message: z.string(), sent: z.number().int() })
export type WinnerEmailsSent = z.infer<typeof WinnerEmailsSent>

/** The winners CSV (README "Auction winners CSV"): header names, any order; the required ones first. */
export const WINNER_CSV_REQUIRED_COLUMNS = ['name', 'email', 'location_code', 'unit_no', 'facility_balance'] as const
export const WINNER_CSV_COLUMNS = [...WINNER_CSV_REQUIRED_COLUMNS, 'phone', 'address', 'city', 'zip'] as const
export const WINNER_CSV_MAX_ROWS = 5000
export const WINNER_CSV_SAMPLE = 'auction-winners-sample.csv'

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
/** '$1,250.00'. */
export const formatDollars = (amount: number) => dollars.format(amount)

/** '7/31/2026' (spec §2: auction dates in en-US format). */
export const formatAuctionDate = (iso: string) => new Date(iso).toLocaleDateString('en-US')
