/** Moments with a time of day (spec: snapshot-field-tool §9 "Dates display as MM/DD/YYYY plus time"). */

const OPTIONS: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
}
const localFormatter = new Intl.DateTimeFormat('en-US', OPTIONS)

/** '04/02/2026 3:05 PM' in the viewer's or the given IANA time zone; an unreadable value unchanged. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const formatter = timeZone ? new Intl.DateTimeFormat('en-US', { ...OPTIONS, timeZone }) : localFormatter
  const parts = formatter.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')}`
}
