import { isTaskCardWarning, type TaskStatus } from './task-rules.ts'

/**
 * The rules of the Dashboard and of brand-standards reports (spec: snapshot-field-tool §2 Dashboard,
 * Brand-standards report list and detail, §3 Facility overview row and Brands report; issue 6). Free
 * of zod so the field screens can use it without shipping the schemas (those are in brand-reports.ts
 * and dashboard.ts).
 */

/** At most this many photos per brand standard in one report. */
export const BRANDS_PHOTOS_PER_STANDARD_MAX = 5
/** At most this many photos in one report (every standard together). */
export const BRANDS_REPORT_PHOTOS_MAX = 60
/** Longest note of a report, in characters. */
export const BRANDS_NOTES_MAX_LENGTH = 2000
/** The multipart file field of a brand standard's photos: `brand_standard_{id}`. */
export const BRAND_STANDARD_FIELD = /^brand_standard_(\d{1,9})$/

/** The multipart field name that carries photos of brand standard `id`. */
export function brandStandardField(id: number): string {
  return `brand_standard_${id}`
}

/**
 * A task is past due when it is open and 10 or more days old: the same line as the task card warning
 * (spec §2, §9), so the Dashboard's Tasks Past Due agrees with what the task screens flag.
 */
export function isTaskPastDue(
  task: { status: TaskStatus; created_at: string | Date; closed_at: string | Date | null },
  now: Date = new Date(),
): boolean {
  return isTaskCardWarning(task, now)
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' })
const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })

/** '04/02/2026' from an ISO 8601 timestamp, in the viewer's time zone (spec §2 "Dates display as MM/DD/YYYY"). Null gives '—'. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date)
}

/** '3:05 PM' from an ISO 8601 timestamp, in the viewer's time zone (the report's submitted time). */
export function formatTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : TIME_FORMAT.format(date)
}

/** The names of active standards a report leaves without photos, in checklist order. */
export function missingStandards<T extends { id: number; name: string }>(
  checklist: T[],
  coveredIds: Iterable<number>,
): T[] {
  const covered = new Set(coveredIds)
  return checklist.filter((standard) => !covered.has(standard.id))
}

/** The texts of these screens. */
export const BRANDS_TEXT = {
  noReports: 'No brand standards reports yet.',
  noNotes: 'No notes.',
  embedFailed: 'The analytics report could not be loaded.',
  submitted: 'Brand standards report submitted.',
  atLeastOnePhoto: 'Add a photo of at least one brand standard.',
} as const

/** 'Say in the notes why Gate, Units have no photos.': a report that skips standards must say why. */
export function missingStandardsNoteText(names: string[]): string {
  return `Say in the notes why ${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no photos.`
}
