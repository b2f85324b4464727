/** Calendar dates without a time of day, e.g. a facility's date of acquisition (spec: snapshot-field-tool §2 "Dates display as MM/DD/YYYY"). */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/

/** '04/02/2020' from '2020-04-02', read as text so the day never shifts with the time zone; other input unchanged. */
export function formatCalendarDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate)
  if (!match) return isoDate
  const [, year, month, day] = match
  return `${month}/${day}/${year}`
}
