import { unitNoParts } from '@storageops/contracts/walkthrough-rules'

/** A run of the walk order in one building or aisle of one floor (the unit numbers' leading letters). */
export interface Aisle {
  key: string
  floor_no: number
  letters: string
  unit_nos: string[]
}

/** The walk order cut into aisles: each run of consecutive units on one floor with the same leading letters. */
export function aislesOf(order: readonly string[], floorOf: ReadonlyMap<string, number>): Aisle[] {
  const aisles: Aisle[] = []
  for (const unitNo of order) {
    const floor = floorOf.get(unitNo) ?? 1
    const letters = unitNoParts(unitNo).letters
    const last = aisles.at(-1)
    if (last && last.floor_no === floor && last.letters === letters) last.unit_nos.push(unitNo)
    else aisles.push({ key: `${aisles.length}:${floor}:${letters}`, floor_no: floor, letters, unit_nos: [unitNo] })
  }
  return aisles
}

/** The order with aisle `from` moved to the place of aisle `to` (the others keep their order). */
export function moveAisle(aisles: readonly Aisle[], from: number, to: number): string[] {
  const moved = [...aisles]
  const [aisle] = moved.splice(from, 1)
  if (aisle) moved.splice(Math.max(0, Math.min(to, moved.length)), 0, aisle)
  return moved.flatMap((entry) => entry.unit_nos)
}

/** The order with aisle `at` walked the other way round. */
export function reverseAisle(aisles: readonly Aisle[], at: number): string[] {
  return aisles.flatMap((aisle, index) => (index === at ? [...aisle.unit_nos].reverse() : aisle.unit_nos))
}

/** The units traced on the map first, in the order they were crossed, then the rest as they were. */
export function tracedFirst(order: readonly string[], traced: readonly string[]): string[] {
  const taken = new Set(traced)
  return [...traced, ...order.filter((unitNo) => !taken.has(unitNo))]
}
