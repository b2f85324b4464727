import { SegmentedMessage } from 'sms-segments-calculator'

/** The SMS body's limit in characters (spec: admin-console-part-2 §5, §9), counted as the browser's maxLength counts. */
export const SMS_BODY_MAX = 160

export interface SmsSegmentInfo {
  /** Characters as the 'n / 160' counter shows them (UTF-16 code units, like maxLength). */
  characters: number
  encoding: 'GSM-7' | 'UCS-2'
  segments: number
  /** Characters one segment holds: 160/153 (GSM-7) or 70/67 (UCS-2) for one or several segments. */
  per_segment: number
  non_gsm: string[]
  /** The text with curly quotes, long dashes and the like replaced by their GSM-7 look-alikes (Twilio's Smart Encoding), or null when that changes nothing. */
  gsm_fix: string | null
}

/** GSM 03.38 segments as Twilio counts them: GSM-7 160/153 (extension characters count two), else UCS-2 70/67. */
export function smsSegmentInfo(text: string): SmsSegmentInfo {
  const message = new SegmentedMessage(text, 'auto', false)
  const encoding = message.encodingName
  const segments = text.length === 0 ? 0 : message.segmentsCount
  const perSegment = encoding === 'GSM-7' ? (segments > 1 ? 153 : 160) : segments > 1 ? 67 : 70
  const nonGsm = [...new Set(message.getNonGsmCharacters())]
  let gsmFix: string | null = null
  if (nonGsm.length > 0) {
    const smart = new SegmentedMessage(text, 'auto', true)
    const fixed = smart.graphemes.join('')
    if (fixed !== text) gsmFix = fixed
  }
  return { characters: text.length, encoding, segments, per_segment: perSegment, non_gsm: nonGsm, gsm_fix: gsmFix }
}
