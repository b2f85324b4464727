/** '1 unit', '640 units', '1,200 photos', '2 facilities': a count with its noun (singular; `plural` when not noun + s). */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`
}
