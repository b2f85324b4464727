import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  Auction,
  AuctionIdParams,
  AuctionWinner,
  AuctionWinnerCount,
  AuctionWinnersPage,
  AuctionWinnersQuery,
  BackupBidderInput,
  CreateAuctionInput,
  WinnerOutcomeInput,
  WinnerEmailsSent,
  WinnersUploaded,
} from '@storageops/contracts/auctions'
import { ErrorBody } from '@storageops/contracts/errors'
import { CsvErrorBody } from '@storageops/contracts/unit-maps'
import { areaRoutes } from '../../lib/area-routes.ts'
import { badRequest } from '../../lib/http-error.ts'
import { readUpload, type MultipartRule } from '../../lib/multipart.ts'
import {
  completeAuction,
  countAuctionWinners,
  createAuction,
  getActiveAuction,
  importWinners,
  listAuctionWinners,
  listCompletedAuctions,
  markWinnerSent,
  offerToBackupBidder,
  recordWinnerOutcome,
  sendWinnerEmails,
} from './auctions.service.ts'

const PAGE = { pages: ['/auctions'] } as const
const CSV_MAX_BYTES = 5 * 1024 * 1024

const winnersUpload: MultipartRule = {
  fields: [],
  files: [{ name: 'file', kinds: ['any'] }],
  maxFiles: 1,
  maxFileBytes: CSV_MAX_BYTES,
  maxTotalBytes: CSV_MAX_BYTES + 16 * 1024,
  required: true,
  messages: {
    fileTooLarge: 'The CSV file may be at most 5 MB.',
    tooManyFiles: 'Upload one CSV file at a time.',
    unsupported: () => 'Only .csv files are accepted.',
    notMultipart: 'Send the CSV as multipart/form-data in the field file.',
  },
}

/** Auctions and auction winners (spec: admin-console-part-1 §2, §4, §5, §7; decision record 017). */
export function registerAuctionRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: PAGE, tag: 'auctions' })

  routes.get(
    '/api/auction/active_auction',
    {
      summary: 'The active auction, or null when none is active',
      response: { 200: Auction.nullable() },
    },
    async () => getActiveAuction(app.db),
  )

  routes.get(
    '/api/auction/completed_auctions',
    {
      summary: 'Completed auctions, the most recently completed first',
      response: { 200: z.array(Auction) },
    },
    async () => listCompletedAuctions(app.db),
  )

  routes.get(
    '/api/auction/:id/count_auction_winners',
    {
      summary: 'How many winners an auction has; 404 for an unknown auction',
      params: AuctionIdParams,
      response: { 200: AuctionWinnerCount, 404: ErrorBody },
    },
    async (request) => ({ count: await countAuctionWinners(app.db, request.params.id) }),
  )

  routes.post(
    '/api/auction',
    {
      summary:
        'Create the active auction: endDate after startDate, a keypad gate code; 409 while another auction is active',
      body: CreateAuctionInput,
      response: { 201: Auction, 400: ErrorBody, 409: ErrorBody },
    },
    async (request, reply) => reply.code(201).send(await createAuction(app.db, request.body, request.session!)),
  )

  routes.post(
    '/api/auction/:id/complete',
    {
      summary: 'Complete the active auction (it moves to the completed auctions); 409 when already completed',
      params: AuctionIdParams,
      response: { 200: Auction, 404: ErrorBody, 409: ErrorBody },
    },
    async (request) => completeAuction(app.db, request.params.id, request.session!),
  )

  routes.get(
    '/api/auction_winners',
    {
      summary: 'Every imported auction winner, newest first (limit ≤ 100, default 20)',
      querystring: AuctionWinnersQuery,
      response: { 200: AuctionWinnersPage },
    },
    async (request) => listAuctionWinners(app.db, request.query),
  )

  routes.post(
    '/api/auction_winners/upload',
    {
      config: { multipart: winnersUpload },
      summary:
        'Import a winners CSV (multipart, field file) into the active auction; any bad row imports nothing (400 with rows and reasons); 409 without an active auction',
      response: { 200: WinnersUploaded, 400: CsvErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody },
    },
    async (request) => {
      const [upload] = request.uploads
      if (!upload) throw badRequest('Choose a CSV file to upload.', 'file')
      return importWinners(app.db, { filename: upload.filename, data: await readUpload(upload) }, request.session!)
    },
  )

  routes.post(
    '/api/auction_winners/:id/mark_as_sent',
    {
      summary: 'Mark one winner as sent (no email), recording who and when; 409 when already sent',
      params: AuctionIdParams,
      response: { 200: AuctionWinner, 404: ErrorBody, 409: ErrorBody },
    },
    async (request) => markWinnerSent(app.db, request.params.id, request.session!),
  )

  routes.post(
    '/api/auction_winners/send_emails',
    {
      summary: 'Email every unsent winner through the outbox, once per winner ever, and mark them sent',
      response: { 200: WinnerEmailsSent },
    },
    async (request) => sendWinnerEmails(app.db, request.session!),
  )

  routes.post(
    '/api/auction_winners/:id/outcome',
    {
      summary:
        "Record a winner's outcome after the email: paid (amount_paid), cleaned out (after paid) or defaulted (optionally with backup_bidder, offered the unit as a new winner); 409 for an impossible move",
      params: AuctionIdParams,
      body: WinnerOutcomeInput,
      response: { 200: AuctionWinner, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    async (request) => recordWinnerOutcome(app.db, request.params.id, request.body, request.session!),
  )

  routes.post(
    '/api/auction_winners/:id/backup_bidder',
    {
      summary:
        "Offer a defaulted winner's unit to a backup bidder (a new unsent winner of the unit in the same auction); 409 unless defaulted and not yet offered",
      params: AuctionIdParams,
      body: BackupBidderInput,
      response: { 201: AuctionWinner, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    async (request, reply) =>
      reply.code(201).send(await offerToBackupBidder(app.db, request.params.id, request.body, request.session!)),
  )
}
