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

/** A phone time this far (ms) from the server's receive time is shown beside it (issue 19). */
export const ACTION_TIME_SHOWN_OVER_MS = 60_000

/** 'Done on the phone at 2:14 PM · synced 2:31 PM' (issue 19); null within a minute or unknown. */
export function describeActionTime(actedAt: string | null, receivedAt: string, timeZone?: string): string | null {
  if (actedAt === null) return null
  const acted = new Date(actedAt).getTime()
  const received = new Date(receivedAt).getTime()
  if (Number.isNaN(acted) || Number.isNaN(received) || Math.abs(received - acted) <= ACTION_TIME_SHOWN_OVER_MS)
    return null
  const [actedDay, actedTime] = splitDateTime(formatDateTime(actedAt, timeZone))
  const [receivedDay, receivedTime] = splitDateTime(formatDateTime(receivedAt, timeZone))
  return actedDay === receivedDay
    ? `${receivedDay} · Done on the phone at ${actedTime} · synced ${receivedTime}`
    : `Done on the phone at ${actedDay} ${actedTime} · synced ${receivedDay} ${receivedTime}`
}

const splitDateTime = (text: string): [string, string] => {
  const space = text.indexOf(' ')
  return [text.slice(0, space), text.slice(space + 1)]
}
