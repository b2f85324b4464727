/** Calendar dates without a time of day, e.g. a facility's date of acquisition (spec: snapshot-field-tool §2 "Dates display as MM/DD/YYYY"). */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/

/**
 * '04/02/2020' from '2020-04-02' (or from an ISO timestamp's date part). Read as text, never through
 * Date, so the day does not shift with the viewer's time zone. Anything else is returned unchanged.
 */
export function formatCalendarDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate)
  if (!match) return isoDate
  const [, year, month, day] = match
  return `${month}/${day}/${year}`
}
