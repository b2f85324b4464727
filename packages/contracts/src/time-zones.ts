/** Time-zone options: short code and UTC offset in seconds (spec: snapshot-field-tool §9, admin-console-part-1 §9). */

export const TIME_ZONES = [
  { code: 'AST', offset_seconds: -14400 },
  { code: 'MIT', offset_seconds: -39600 },
  { code: 'HST', offset_seconds: -36000 },
  { code: 'AKST', offset_seconds: -32400 },
  { code: 'AKDT', offset_seconds: -28800 },
  { code: 'PST', offset_seconds: -28800 },
  { code: 'PDT', offset_seconds: -25200 },
  { code: 'MST', offset_seconds: -25200 },
  { code: 'MDT', offset_seconds: -21600 },
  { code: 'CST', offset_seconds: -21600 },
  { code: 'CDT', offset_seconds: -18000 },
  { code: 'EST', offset_seconds: -18000 },
  { code: 'EDT', offset_seconds: -14400 },
  { code: 'PRT', offset_seconds: -14400 },
] as const

export type TimeZoneCode = (typeof TIME_ZONES)[number]['code']
export const TIME_ZONE_CODES = TIME_ZONES.map((zone) => zone.code) as [TimeZoneCode, ...TimeZoneCode[]]

/** '-05:00' from -18000 seconds (spec: admin-console-part-2 §9). */
export function formatUtcOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+'
  const totalMinutes = Math.abs(offsetSeconds) / 60
  const hours = String(Math.floor(totalMinutes / 60)).padStart(2, '0')
  const minutes = String(totalMinutes % 60).padStart(2, '0')
  return `${sign}${hours}:${minutes}`
}

export function timeZoneLabel(code: string): string {
  const zone = TIME_ZONES.find((candidate) => candidate.code === code)
  return zone ? `${zone.code} (${formatUtcOffset(zone.offset_seconds)})` : code
}

/** The time zone a facility in this state starts with until its details say otherwise (its standard time). */
export function timeZoneForState(state: string): 'EST' | 'CST' | 'MST' | 'PST' | 'AKST' | 'HST' {
  if (['WA', 'OR', 'CA', 'NV'].includes(state)) return 'PST'
  if (['AZ', 'CO', 'UT', 'NM', 'ID', 'MT', 'WY'].includes(state)) return 'MST'
  if (['TX', 'OK', 'KS', 'NE', 'MO', 'MN', 'IA', 'IL', 'WI', 'TN', 'AL', 'MS', 'LA', 'AR', 'ND', 'SD'].includes(state))
    return 'CST'
  if (state === 'AK') return 'AKST'
  if (state === 'HI') return 'HST'
  return 'EST'
}
