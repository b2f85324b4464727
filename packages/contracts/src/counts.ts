/** '1 unit', '640 units', '1,200 photos', '2 facilities': a count with its noun (singular; `plural` when not noun + s). */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`
}

/** A searched list's count line: '25 locations', or '2 facilities found for “houston”' while a search is on. */
export function foundCountOf(count: number, q: string, noun: string, plural?: string): string {
  return `${countOf(count, noun, plural)}${q ? ` found for “${q}”` : ''}`
}
