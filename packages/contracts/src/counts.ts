/** '1 unit', '640 units', '1,200 photos': a count with its noun (`noun` singular; the plural adds an s). */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`
}
