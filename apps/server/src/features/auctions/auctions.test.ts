import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Auction, AuctionWinnersPage } from '@storageops/contracts/auctions'
import { auctionWinners, auditLog, communications, gateCodes, locations } from '../../db/schema.ts'
import { createTestContext, type TestContext } from '../../test/context.ts'
import { eventually, startMessagingStandIns, type MessagingStandIns } from '../../test/messaging-stand-ins.ts'
import { multipartForm } from '../../test/multipart-form.ts'

let ctx: TestContext
let standIns: MessagingStandIns
let admin: string
let facility: { location_code: string; name: string }

beforeAll(async () => {
  standIns = await startMessagingStandIns()
  ctx = await createTestContext({ env: standIns.env })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await ctx.signInAdmin()
  facility = (await ctx.db.select({ location_code: locations.location_code, name: locations.name }).from(locations))[0]!
})
afterAll(async () => {
  await ctx.close()
  await standIns.close()
})

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) =>
  ctx.adminCall(method, url, token, payload)

/** Completes the active auction, if any, so a test can create its own. */
async function completeActive() {
  const active = (await call('GET', '/api/auction/active_auction')).json<Auction | null>()
  if (active) expect((await call('POST', `/api/auction/${active.id}/complete`)).statusCode).toBe(200)
}

const day = (offset: number) => {
  const date = new Date(Date.now() + offset * 86_400_000)
  return {
    start: new Date(date.setHours(0, 0, 0, 0)).toISOString(),
    end: new Date(date.setHours(23, 59, 59, 999)).toISOString(),
  }
}
const validAuction = () => ({ startDate: day(1).start, endDate: day(7).end, gateCode: '*482915#' })

async function createActive(): Promise<Auction> {
  await completeActive()
  const created = await call('POST', '/api/auction', validAuction())
  expect(created.statusCode, created.body).toBe(201)
  return created.json<Auction>()
}

const upload = async (csv: string, name = 'winners.csv', token = admin) => {
  const form = await multipartForm({}, [{ field: 'file', name, data: csv, type: 'text/csv' }])
  return ctx.request({
    method: 'POST',
    url: '/api/auction_winners/upload',
    host: 'admin.localhost',
    token,
    headers: form.headers,
    payload: form.payload,
  })
}

const HEADER = 'name,email,phone,address,city,zip,location_code,unit_no,facility_balance'
const row = (
  unit: string,
  extra: Partial<Record<'name' | 'email' | 'phone' | 'zip' | 'code' | 'balance', string>> = {},
) =>
  [
    extra.name ?? `Buyer ${unit}`,
    extra.email ?? `buyer.${unit.toLowerCase()}@example.com`,
    extra.phone ?? '(512) 555-0142',
    '"12 Elm Street, Apt 4"',
    'Austin',
    extra.zip ?? '78701',
    extra.code ?? facility.location_code,
    unit,
    extra.balance ?? '1250.50',
  ].join(',')

describe('auctions', () => {
  test('an auction is created with the start of its start day and the end of its end day, and is the active one', async () => {
    const input = validAuction()
    const auction = await createActive()
    expect(auction).toMatchObject({ startDate: input.startDate, endDate: input.endDate, gateCode: '*482915#' })
    expect((await call('GET', '/api/auction/active_auction')).json()).toMatchObject({ id: auction.id })
    expect((await call('GET', `/api/auction/${auction.id}/count_auction_winners`)).json()).toEqual({ count: 0 })
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'auction')).limit(1)
    expect(audit).toBeTruthy()
  })

  test('a second active auction is refused with 409 until the first is completed', async () => {
    const first = await createActive()
    const second = await call('POST', '/api/auction', validAuction())
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe('An auction is already active. Complete it before creating a new one.')
    const completed = await call('POST', `/api/auction/${first.id}/complete`)
    expect(completed.json().completedAt).toBeTruthy()
    expect((await call('POST', `/api/auction/${first.id}/complete`)).statusCode).toBe(409)
    expect((await call('GET', '/api/auction/active_auction')).json()).toBeNull()
    const list = (await call('GET', '/api/auction/completed_auctions')).json<Auction[]>()
    expect(list[0]).toMatchObject({ id: first.id })
    for (const auction of list)
      expect(auction.numberOfAuctionWinners, `auction ${auction.id}`).toBe(
        (await call('GET', `/api/auction/${auction.id}/count_auction_winners`)).json().count,
      )
    expect(list.some((auction) => auction.numberOfAuctionWinners > 1)).toBe(true)
    expect((await call('POST', '/api/auction', validAuction())).statusCode).toBe(201)
  })

  test('two creates at once leave one active auction', async () => {
    await completeActive()
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/auction', validAuction())))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409])
  })

  test('end after start, dates as moments and a keypad gate code are checked by the server, naming the field', async () => {
    await completeActive()
    const cases: Array<[object, string]> = [
      [{ endDate: day(0).start, startDate: day(1).start }, 'endDate'],
      [{ startDate: '07/31/2026' }, 'startDate'],
      [{ gateCode: '' }, 'gateCode'],
      [{ gateCode: '*123#' }, 'gateCode'],
      [{ gateCode: '**12345#' }, 'gateCode'],
      [{ gateCode: 'abcdef' }, 'gateCode'],
    ]
    for (const [change, field] of cases) {
      const answer = await call('POST', '/api/auction', { ...validAuction(), ...change })
      expect(answer.statusCode, JSON.stringify(change)).toBe(400)
      expect(answer.json().field, JSON.stringify(change)).toBe(field)
    }
    expect((await call('POST', '/api/auction', { ...validAuction(), gateCode: '482915' })).statusCode).toBe(201)
    expect((await call('GET', '/api/auction/999999/count_auction_winners')).statusCode).toBe(404)
  })

  test("the gate code placeholder's own form *13579# is taken and kept as typed, as are its digits alone (decision 023)", async () => {
    for (const gateCode of ['*13579#', ' 13579 ', '*123456#']) {
      await completeActive()
      const created = await call('POST', '/api/auction', { ...validAuction(), gateCode })
      expect(created.statusCode, created.body).toBe(201)
      expect(created.json<Auction>().gateCode).toBe(gateCode.trim())
      expect((await call('GET', '/api/auction/active_auction')).json<Auction>().gateCode).toBe(gateCode.trim())
    }
    await completeActive()
    const refused = await call('POST', '/api/auction', { ...validAuction(), gateCode: '*123#' })
    expect(refused.json()).toMatchObject({
      field: 'gateCode',
      message: 'gateCode: Gate code must be 4 to 10 digits, with or without * before and # after (*xxxxx#).',
    })
  })

  test('auctions need the /auctions page', async () => {
    const editor = await ctx.signInAdmin('editor@example.com')
    expect((await call('GET', '/api/auction/active_auction', undefined, '')).statusCode).toBe(401)
    expect((await call('GET', '/api/auction/active_auction', undefined, editor)).statusCode).toBe(403)
    expect((await call('POST', '/api/auction', validAuction(), editor)).statusCode).toBe(403)
    expect((await upload(`${HEADER}\n${row('Z1')}`, 'winners.csv', editor)).statusCode).toBe(403)
  })
})

describe('winners CSV', () => {
  test('a good file imports every winner into the active auction', async () => {
    const auction = await createActive()
    const answer = await upload(`\uFEFF${HEADER}\n${row('A101')}\n${row('a102', { balance: '"$1,000"' })}\n`)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ auction_id: auction.id, imported: 2 })
    expect((await call('GET', `/api/auction/${auction.id}/count_auction_winners`)).json()).toEqual({ count: 2 })
    const page = (await call('GET', '/api/auction_winners')).json<AuctionWinnersPage>()
    expect(page.rows[0]).toMatchObject({
      auction_id: auction.id,
      unit_no: 'a102',
      facility_balance: 1000,
      status: 'unsent',
      sent_at: null,
      location_code: facility.location_code,
      address: '12 Elm Street, Apt 4',
    })
    expect(page.rows[1]).toMatchObject({ unit_no: 'A101', facility_balance: 1250.5 })
  })

  test('a bad file imports nothing and lists every bad row with its reasons', async () => {
    const auction = await createActive()
    expect((await upload(`${HEADER}\n${row('B1')}`)).statusCode).toBe(200)
    const csv = [
      HEADER,
      row('B2'),
      row('B3', { email: 'not-an-email' }),
      row('B4', { phone: '12' }),
      row('B5', { code: 'ZZ999' }),
      row('B6', { balance: '-5' }),
      row('B2'),
      row('B1'),
      row('B8', { name: '' }),
      row('B9', { zip: 'abc' }),
    ].join('\n')
    const answer = await upload(csv)
    expect(answer.statusCode).toBe(400)
    const body = answer.json<{ field: string; message: string; rows: Array<{ line: number; reasons: string[] }> }>()
    expect(body.field).toBe('file')
    expect(body.message).toBe('8 of 9 rows are not valid; nothing was imported.')
    const reasons = Object.fromEntries(body.rows.map((bad) => [bad.line, bad.reasons.join('; ')]))
    expect(reasons[3]).toContain('is not an email address')
    expect(reasons[4]).toContain('is not a valid phone number')
    expect(reasons[5]).toContain('location_code ZZ999 is not a known facility')
    expect(reasons[6]).toContain('facility_balance must be an amount of at least 0')
    expect(reasons[7]).toContain('is already won on line 2')
    expect(reasons[8]).toContain('already has a winner in this auction')
    expect(reasons[9]).toContain('name is required')
    expect(reasons[10]).toContain('is not a ZIP code')
    expect((await call('GET', `/api/auction/${auction.id}/count_auction_winners`)).json()).toEqual({ count: 1 })
  })

  test('wrong files: not .csv 415, missing column, unknown column, header only, no active auction 409', async () => {
    await createActive()
    expect((await upload(`${HEADER}\n${row('C1')}`, 'winners.txt')).statusCode).toBe(415)
    const missing = await upload(`name,email\nA,a@example.com`)
    expect(missing.json().message).toContain('Missing column location_code, unit_no, facility_balance')
    expect((await upload(`${HEADER},bid\n${row('C1')},5`)).json().message).toContain('Unknown column "bid"')
    expect((await upload(`${HEADER}\n`)).json().message).toBe('The file has no winners: only a header row.')
    expect((await upload('"unclosed\n')).statusCode).toBe(400)
    await completeActive()
    const none = await upload(`${HEADER}\n${row('C1')}`)
    expect(none.statusCode).toBe(409)
    expect(none.json().message).toBe('There is no active auction. Create an auction before uploading its winners.')
  })
})

describe('winner emails', () => {
  test('send emails twice or at once: each winner is emailed once, with what a buyer needs', async () => {
    const auction = await createActive()
    await ctx.db.update(auctionWinners).set({ sent_at: new Date(), status: 'sent' })
    expect(
      (await upload(`${HEADER}\n${row('E1', { email: 'e1@example.com' })}\n${row('E2', { email: 'e2@example.com' })}`))
        .statusCode,
    ).toBe(200)
    const [rotated] = await ctx.db.select().from(gateCodes).where(eq(gateCodes.name, 'Auction Winner'))
    const answers = await Promise.all([1, 2].map(() => call('POST', '/api/auction_winners/send_emails')))
    expect(answers.map((answer) => answer.json().message)).toEqual(['Done', 'Done'])
    expect(answers.map((answer) => answer.json().sent).sort()).toEqual([0, 2])
    expect((await call('POST', '/api/auction_winners/send_emails')).json().sent).toBe(0)
    const winners = await ctx.db.select().from(auctionWinners).where(eq(auctionWinners.auction_id, auction.id))
    expect(winners.every((winner) => winner.status === 'sent' && winner.sent_by === 'admin@example.com')).toBe(true)
    const keys = winners.map((winner) => `auction-winner/${winner.id}#email`)
    const rows = await eventually(async () => {
      const found = await ctx.db.select().from(communications).where(inArray(communications.idempotency_key, keys))
      return found.length === 2 && found.every((message) => message.status === 'sent' || message.status === 'delivered')
        ? found
        : undefined
    })
    const email = rows.find((message) => message.email_address === 'e1@example.com')!
    expect(email.subject).toBe(`You won unit E1 at ${facility.name}`)
    expect(email.html_body).toContain('$1,250.50')
    expect(email.html_body).toContain(rotated!.currentCode)
    expect(email.html_body).toMatch(/Clean-out deadline: <strong>\d{2}\/\d{2}\/\d{4}<\/strong>/)
    const received = await eventually(async () => {
      const found = standIns.smtp.messages.filter((message) => message.to.includes('e1@example.com'))
      return found.length > 0 ? found : undefined
    })
    expect(received).toHaveLength(1)
  })

  test('mark as sent records who and when, sends nothing, and a second mark is 409', async () => {
    await createActive()
    expect((await upload(`${HEADER}\n${row('M1')}`)).statusCode).toBe(200)
    const winner = (await call('GET', '/api/auction_winners?limit=1')).json<AuctionWinnersPage>().rows[0]!
    const marked = await call('POST', `/api/auction_winners/${winner.id}/mark_as_sent`)
    expect(marked.statusCode).toBe(200)
    expect(marked.json()).toMatchObject({ status: 'sent', sent_by: 'admin@example.com' })
    expect(marked.json().sent_at).toBeTruthy()
    expect((await call('POST', `/api/auction_winners/${winner.id}/mark_as_sent`)).statusCode).toBe(409)
    expect((await call('POST', '/api/auction_winners/999999/mark_as_sent')).statusCode).toBe(404)
    await call('POST', '/api/auction_winners/send_emails')
    const sent = await ctx.db
      .select()
      .from(communications)
      .where(eq(communications.idempotency_key, `auction-winner/${winner.id}#email`))
    expect(sent).toHaveLength(0)
  })

  test('the history pages 20 at a time, newest first', async () => {
    const first = (await call('GET', '/api/auction_winners')).json<AuctionWinnersPage>()
    expect(first.rows.length).toBeLessThanOrEqual(20)
    const second = (await call('GET', '/api/auction_winners?limit=2&offset=1')).json<AuctionWinnersPage>()
    expect(second.rows[0]!.id).toBe(first.rows[1]!.id)
    expect(second.count).toBe(first.count)
    expect((await call('GET', '/api/auction_winners?limit=500')).statusCode).toBe(400)
  })
})

describe('winner outcomes', () => {
  const outcome = (id: number, body: object) => call('POST', `/api/auction_winners/${id}/outcome`, body)
  const winnersOf = async (auctionId: number) =>
    (await call('GET', '/api/auction_winners?limit=100'))
      .json<AuctionWinnersPage>()
      .rows.filter((winner) => winner.auction_id === auctionId)

  test('paid, cleaned out and defaulted with a backup bidder: moves enforced, audited, summed per auction', async () => {
    const auction = await createActive()
    expect((await upload(`${HEADER}\n${row('O1')}\n${row('O2')}\n${row('O3')}`)).statusCode).toBe(200)
    const [o3, o2, o1] = await winnersOf(auction.id)
    const early = await outcome(o1!.id, { outcome: 'paid', amount_paid: 100 })
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe(
      'Buyer O1 has not been emailed yet: send the winner email or mark it as sent first.',
    )
    await call('POST', '/api/auction_winners/send_emails')

    const paid = await outcome(o1!.id, { outcome: 'paid', amount_paid: 1400 })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toMatchObject({ outcome: 'paid', amount_paid: 1400, outcome_by: 'admin@example.com' })
    expect(paid.json().outcome_at).toBeTruthy()
    const again = await outcome(o1!.id, { outcome: 'defaulted' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('Buyer O1 is paid and cannot be marked defaulted.')
    expect((await outcome(o1!.id, { outcome: 'paid', amount_paid: 5 })).statusCode).toBe(409)
    expect((await outcome(o1!.id, { outcome: 'cleaned_out' })).json()).toMatchObject({ outcome: 'cleaned_out' })
    expect((await outcome(o1!.id, { outcome: 'cleaned_out' })).statusCode).toBe(409)
    expect((await outcome(o2!.id, { outcome: 'cleaned_out' })).json().message).toBe(
      'Buyer O2 is awaiting payment and cannot be marked cleaned out.',
    )
    expect((await outcome(o2!.id, { outcome: 'paid', amount_paid: 800 })).statusCode).toBe(200)

    expect((await call('POST', `/api/auction_winners/${o2!.id}/backup_bidder`, backupBidder)).statusCode).toBe(409)
    const defaulted = await outcome(o3!.id, { outcome: 'defaulted', backup_bidder: backupBidder })
    expect(defaulted.statusCode, defaulted.body).toBe(200)
    expect(defaulted.json()).toMatchObject({ outcome: 'defaulted', amount_paid: null })
    const backupId = defaulted.json<{ backup_id: number }>().backup_id
    const listed = await winnersOf(auction.id)
    expect(listed.find((winner) => winner.id === o3!.id)).toMatchObject({ outcome: 'defaulted', backup_id: backupId })
    expect(listed.find((winner) => winner.id === backupId)).toMatchObject({
      backup_for_id: o3!.id,
      unit_no: 'O3',
      location_code: facility.location_code,
      email: 'second.bidder@example.com',
      status: 'unsent',
      outcome: null,
    })
    const twice = await call('POST', `/api/auction_winners/${o3!.id}/backup_bidder`, backupBidder)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(`Unit O3 was already offered to a backup bidder (winner ${backupId}).`)
    expect((await call('POST', '/api/auction_winners/send_emails')).json().sent).toBe(1)
    expect((await outcome(backupId, { outcome: 'paid', amount_paid: 1100 })).statusCode).toBe(200)

    const audits = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(inArray(auditLog.entity_id, [String(o1!.id), String(backupId)]))
    expect(audits.map((audit) => audit.action)).toEqual(
      expect.arrayContaining(['outcome_paid', 'outcome_cleaned_out', 'offer_to_backup']),
    )

    await completeActive()
    const completed = (await call('GET', '/api/auction/completed_auctions')).json<Auction[]>()
    expect(completed.find((candidate) => candidate.id === auction.id)).toMatchObject({
      numberOfAuctionWinners: 4,
      unitsSold: 3,
      proceeds: 3300,
      balanceRecovered: 1250.5 + 800 + 1000,
    })
  })

  test('outcome input is checked by the server, naming the field', async () => {
    const auction = await createActive()
    expect((await upload(`${HEADER}\n${row('V1')}`)).statusCode).toBe(200)
    const [winner] = await winnersOf(auction.id)
    await call('POST', '/api/auction_winners/send_emails')
    const cases: Array<[object, string]> = [
      [{ outcome: 'paid' }, 'amount_paid'],
      [{ outcome: 'paid', amount_paid: 0 }, 'amount_paid'],
      [{ outcome: 'paid', amount_paid: 10.005 }, 'amount_paid'],
      [{ outcome: 'paid', amount_paid: '10' }, 'amount_paid'],
      [{ outcome: 'sold' }, 'outcome'],
      [{ outcome: 'defaulted', backup_bidder: { ...backupBidder, email: 'nope' } }, 'backup_bidder.email'],
      [{ outcome: 'defaulted', backup_bidder: { ...backupBidder, phone: '12' } }, 'backup_bidder.phone'],
      [
        { outcome: 'defaulted', backup_bidder: { ...backupBidder, facility_balance: -1 } },
        'backup_bidder.facility_balance',
      ],
    ]
    for (const [body, field] of cases) {
      const answer = await outcome(winner!.id, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json().field, JSON.stringify(body)).toBe(field)
    }
    expect((await winnersOf(auction.id))[0]).toMatchObject({ outcome: null, backup_id: null })
    expect((await outcome(999_999, { outcome: 'cleaned_out' })).statusCode).toBe(404)
    const editor = await ctx.signInAdmin('editor@example.com')
    expect(
      (await call('POST', `/api/auction_winners/${winner!.id}/outcome`, { outcome: 'defaulted' }, editor)).statusCode,
    ).toBe(403)
  })
})

const backupBidder = {
  name: 'Second Bidder',
  email: 'Second.Bidder@example.com',
  phone: '(512) 555-0177',
  facility_balance: 1000,
}
