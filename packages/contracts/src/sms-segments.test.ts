import { describe, expect, test } from 'vitest'
import { smsSegmentInfo } from './sms-segments.ts'

/** Tricky texts and how they travel: [text, encoding, segments, per segment]. */
const FIXTURE: Array<[label: string, text: string, encoding: 'GSM-7' | 'UCS-2', segments: number, perSegment: number]> =
  [
    ['empty', '', 'GSM-7', 0, 160],
    ['plain', 'Your unit A101 is ready.', 'GSM-7', 1, 160],
    ['160 GSM-7 characters fill one segment', 'a'.repeat(160), 'GSM-7', 1, 160],
    ['161 make two of 153', 'a'.repeat(161), 'GSM-7', 2, 153],
    ['306 fill two', 'a'.repeat(306), 'GSM-7', 2, 153],
    ['307 make three', 'a'.repeat(307), 'GSM-7', 3, 153],
    ['extension characters count two: 80 braces fill one segment', '{'.repeat(80), 'GSM-7', 1, 160],
    ['81 braces need two', '{'.repeat(81), 'GSM-7', 2, 153],
    ['the euro sign is an extension character', '€'.repeat(81), 'GSM-7', 2, 153],
    ['accented letters of the GSM alphabet stay GSM-7', 'é'.repeat(160), 'GSM-7', 1, 160],
    ['Greek capitals of the GSM alphabet', 'ΩΔΦ', 'GSM-7', 1, 160],
    ['a curly apostrophe forces UCS-2', 'It’s due', 'UCS-2', 1, 70],
    ['70 UCS-2 characters fill one segment', 'ç'.repeat(70), 'UCS-2', 1, 70],
    ['71 make two of 67', 'ç'.repeat(71), 'UCS-2', 2, 67],
    ['an emoji forces UCS-2', 'Thanks 😀', 'UCS-2', 1, 70],
    ['line breaks are GSM-7', 'line1\nline2', 'GSM-7', 1, 160],
  ]

describe('SMS segments', () => {
  test.each(FIXTURE)('%s', (_label, text, encoding, segments, perSegment) => {
    const info = smsSegmentInfo(text)
    expect(info).toMatchObject({ encoding, segments, per_segment: perSegment, characters: text.length })
  })

  test('curly quotes and long dashes are offered GSM-7 replacements; an emoji has none', () => {
    const info = smsSegmentInfo('It’s “due” — today…')
    expect(info.non_gsm).toEqual(['’', '“', '”', '—', '…'])
    expect(info.gsm_fix).toBe('It\'s "due" - today...')
    expect(smsSegmentInfo(info.gsm_fix!).encoding).toBe('GSM-7')
    expect(smsSegmentInfo('Thanks 😀').gsm_fix).toBeNull()
    expect(smsSegmentInfo('plain').gsm_fix).toBeNull()
  })
})
