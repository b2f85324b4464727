import { describe, expect, test } from 'vitest'
import {
  BackupBidderInput,
  WinnerOutcomeInput,
  formatAuctionDate,
  formatDollars,
  nextWinnerOutcomes,
  winnerOutcomeRefusal,
} from './auctions.ts'

const SENT = '2026-11-01T10:00:00.000Z'

describe('winner outcomes', () => {
  test('an emailed winner may be paid or defaulted, a paid one cleaned out; unsent, defaulted and cleaned out go nowhere', () => {
    expect(nextWinnerOutcomes({ sent_at: null, outcome: null })).toEqual([])
    expect(nextWinnerOutcomes({ sent_at: SENT, outcome: null })).toEqual(['paid', 'defaulted'])
    expect(nextWinnerOutcomes({ sent_at: SENT, outcome: 'paid' })).toEqual(['cleaned_out'])
    expect(nextWinnerOutcomes({ sent_at: SENT, outcome: 'defaulted' })).toEqual([])
    expect(nextWinnerOutcomes({ sent_at: SENT, outcome: 'cleaned_out' })).toEqual([])
  })

  test('a refused move names the winner, where they are and where they cannot go', () => {
    const winner = { name: 'Ada Park', sent_at: SENT, outcome: null }
    expect(winnerOutcomeRefusal(winner, 'paid')).toBeNull()
    expect(winnerOutcomeRefusal({ ...winner, sent_at: null }, 'paid')).toBe(
      'Ada Park has not been emailed yet: send the winner email or mark it as sent first.',
    )
    expect(winnerOutcomeRefusal(winner, 'cleaned_out')).toBe(
      'Ada Park is awaiting payment and cannot be marked cleaned out.',
    )
    expect(winnerOutcomeRefusal({ ...winner, outcome: 'cleaned_out' }, 'defaulted')).toBe(
      'Ada Park is cleaned out and cannot be marked defaulted.',
    )
  })

  test('amounts are dollars with at most 2 decimals; paid above 0, a backup balance 0 or more', () => {
    const paid = (amount_paid: unknown) => WinnerOutcomeInput.safeParse({ outcome: 'paid', amount_paid }).success
    expect([paid(0.01), paid(1250.5), paid(9_999_999_999)]).toEqual([true, true, true])
    expect([paid(0), paid(-1), paid(1.005), paid('10'), paid(10_000_000_000)]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    const backup = { name: ' Sam Lee ', email: 'Sam@Example.com', facility_balance: 0 }
    expect(BackupBidderInput.parse(backup)).toEqual({ name: 'Sam Lee', email: 'sam@example.com', facility_balance: 0 })
    expect(BackupBidderInput.safeParse({ ...backup, phone: '(512) 555-0142' }).success).toBe(true)
    expect(BackupBidderInput.safeParse({ ...backup, phone: '' }).success).toBe(true)
    expect(BackupBidderInput.safeParse({ ...backup, phone: '12' }).success).toBe(false)
    expect(BackupBidderInput.safeParse({ ...backup, facility_balance: -0.01 }).success).toBe(false)
    expect(BackupBidderInput.safeParse({ ...backup, name: '  ' }).success).toBe(false)
  })
})

describe('money and dates', () => {
  test('amounts read as US dollars with cents and thousands separators', () => {
    expect(formatDollars(1250)).toBe('$1,250.00')
    expect(formatDollars(0.5)).toBe('$0.50')
    expect(formatDollars(0)).toBe('$0.00')
    expect(formatDollars(-3)).toBe('-$3.00')
    expect(formatDollars(1234567.891)).toBe('$1,234,567.89')
  })

  test("an auction date reads M/D/YYYY in the viewer's time zone", () => {
    // No offset: read and shown in the local zone, so the text holds wherever the test runs.
    expect(formatAuctionDate('2026-07-31T10:00:00')).toBe('7/31/2026')
    expect(formatAuctionDate('2026-12-01T23:59:00')).toBe('12/1/2026')
  })
})
