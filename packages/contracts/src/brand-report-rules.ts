import { isTaskCardWarning, type TaskStatus } from './task-rules.ts'

/** Dashboard and brand-standards report rules (spec: snapshot-field-tool §2, §3), zod-free for the field screens. */

export const BRANDS_PHOTOS_PER_STANDARD_MAX = 5
export const BRANDS_REPORT_PHOTOS_MAX = 60
/** Longest note of a report, in characters. */
export const BRANDS_NOTES_MAX_LENGTH = 2000
/** The multipart file field of a brand standard's photos: `brand_standard_{id}`. */
export const BRAND_STANDARD_FIELD = /^brand_standard_(\d{1,9})$/

export function brandStandardField(id: number): string {
  return `brand_standard_${id}`
}

/** Open and 10+ days old: the task card's warning line (spec §2, §9), so the Dashboard agrees with the task screens. */
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

export function formatTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : TIME_FORMAT.format(date)
}

export function missingStandards<T extends { id: number; name: string }>(
  checklist: T[],
  coveredIds: Iterable<number>,
): T[] {
  const covered = new Set(coveredIds)
  return checklist.filter((standard) => !covered.has(standard.id))
}

export const BRANDS_TEXT = {
  noReports: 'No brand standards reports yet.',
  noNotes: 'No notes.',
  embedFailed: 'The analytics report could not be loaded.',
  submitted: 'Brand standards report submitted.',
  atLeastOnePhoto: 'Add a photo of at least one brand standard.',
} as const

/** What a partial report says of the standards it has no photos of (issue 18). */
export function noPhotosText(names: readonly string[]): string {
  return `No photos of ${names.join(', ')}`
}

/** 'Say in the notes why Gate, Units have no photos.': a report that skips standards must say why. */
export function missingStandardsNoteText(names: string[]): string {
  return `Say in the notes why ${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no photos.`
}
