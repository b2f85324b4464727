import { sql } from 'drizzle-orm'
import type { Auction, AuctionWinnersPage, WinnerEmailsSent, WinnersUploaded } from '@storageops/contracts/auctions'
import { auctionWinners, auctions, communications } from '../../apps/server/src/db/schema.ts'
import { timeFirstAndLastPage, withMessagingBench } from './seeded-server.ts'

const WINNERS = 500
const HISTORY = 20_000

/**
 * The auction figures of issue 15, on the embedded PGlite with the SMTP stand-in over a real socket: a
 * 500-row winners CSV validated and imported over HTTP (multipart); the 500 winner emails queued by Send
 * emails and sent by the outbox; the history page over 20,000 winners (server time).
 */
export async function runAuctionsBench(): Promise<string[]> {
  return withMessagingBench('auctions', { scale: 0.05 }, async ({ app, db, standIns, base, headers }) => {
    const lines: string[] = []
    const call = async <T>(method: string, url: string, body?: object | FormData): Promise<T> => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: body && !(body instanceof FormData) ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      })
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
      return (await response.json()) as T
    }

    // A fresh active auction, so the 500 winners are the only unsent ones of the run.
    const active = await call<Auction | null>('GET', '/api/auction/active_auction')
    if (active) await call('POST', `/api/auction/${active.id}/complete`)
    await db.update(auctionWinners).set({ status: 'sent', sent_at: new Date() })
    const start = new Date()
    start.setHours(0, 0, 0, 0)
    const end = new Date(start.getTime() + 7 * 86_400_000 - 1)
    await call('POST', '/api/auction', {
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      gateCode: '*482915#',
    })
    const { location_code } = (await call<Array<{ location_code: string }>>('GET', '/api/locations'))[0]!
    const csv = [
      'name,email,phone,address,city,zip,location_code,unit_no,facility_balance',
      ...Array.from(
        { length: WINNERS },
        (_, n) =>
          `Bidder ${n},bidder.${n}@example.com,(512) 555-${String(n).padStart(4, '0')},"${n} Elm Street, Apt 4",Austin,78701,${location_code},W${n},${(100 + n).toFixed(2)}`,
      ),
    ].join('\n')
    const form = new FormData()
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'winners.csv')
    const importStarted = performance.now()
    const imported = await call<WinnersUploaded>('POST', '/api/auction_winners/upload', form)
    const importMs = performance.now() - importStarted
    lines.push(
      `Winners CSV of ${WINNERS} rows (${(csv.length / 1024).toFixed(0)} KiB) validated and imported over HTTP in ${importMs.toFixed(0)} ms (${imported.imported} imported)`,
    )

    const sendStarted = performance.now()
    const sent = await call<WinnerEmailsSent>('POST', '/api/auction_winners/send_emails')
    const queuedMs = performance.now() - sendStarted
    const deadline = Date.now() + 600_000
    for (;;) {
      const result = await db.execute(
        sql`select count(*)::int as left from ${communications} where idempotency_key like 'auction-winner/%' and status in ('queued', 'sending')`,
      )
      if ((result as { rows: Array<{ left: number }> }).rows[0]!.left === 0) break
      if (Date.now() > deadline) throw new Error('winner emails were not sent in 10 minutes')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const sendSeconds = (performance.now() - sendStarted) / 1000
    const recipients = new Set(
      standIns.smtp.messages.map((message) => message.to[0]).filter((to) => to?.includes('bidder.')),
    )
    lines.push(
      `Send emails: ${sent.sent} winner emails queued in ${queuedMs.toFixed(0)} ms; all sent through the SMTP stand-in after ${sendSeconds.toFixed(1)} s = ${(sent.sent / sendSeconds).toFixed(0)} emails/s (${recipients.size} distinct bidders reached)`,
    )

    // The history over 20,000 winners of a completed auction.
    const [past] = await db
      .insert(auctions)
      .values({
        startDate: new Date(Date.now() - 60 * 86_400_000),
        endDate: new Date(Date.now() - 53 * 86_400_000),
        gateCode: '*482915#',
        created_by: 'bench',
        completedAt: new Date(Date.now() - 50 * 86_400_000),
      })
      .returning({ id: auctions.id })
    await db.execute(sql`
      insert into ${auctionWinners} (auction_id, name, email, location_code, unit_no, facility_balance, status, sent_at, "createdAt")
      select ${past!.id}, 'History ' || n, 'history' || n || '@example.com', ${location_code}, 'H' || n, 250, 'sent', now(), now() - n * interval '1 minute'
      from generate_series(1, ${HISTORY}) as n`)
    await db.execute(sql`analyze ${auctionWinners}`)
    const { count } = await call<AuctionWinnersPage>('GET', '/api/auction_winners?limit=1')
    const pages = await timeFirstAndLastPage(
      app,
      headers,
      count,
      (offset) => `/api/auction_winners?limit=20&offset=${offset}`,
    )
    for (const { label, offset, medianMs } of pages)
      lines.push(
        `Auction Winners history, ${count.toLocaleString('en-US')} winners, ${label} (offset ${offset}): median ${medianMs.toFixed(1)} ms per request in the server (inject, 15 after 5 warm-up)`,
      )
    return lines
  })
}
