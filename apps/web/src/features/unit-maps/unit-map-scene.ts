import Flatbush from 'flatbush'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { HIGHLIGHT_COLOR, SELECTED_COLOR } from './components/unit-colors.ts'
import { unitCorners } from './unit-geometry.ts'

/** One floor's units in plan coordinates (x right, y down, map units) with a Flatbush index of their boxes. */
export interface UnitScene {
  units: readonly LocationUnit[]
  /** 8 numbers per unit: x0, y0 … x3, y3 of its corners in drawing order. */
  corners: Float64Array
  /** 4 numbers per unit: its box minX, minY, maxX, maxY. */
  boxes: Float64Array
  /** 1 where the unit is its box (turned by a multiple of 90°), so it draws as a rectangle. */
  axisAligned: Uint8Array
  index: Flatbush | null
}

export function buildScene(units: readonly LocationUnit[]): UnitScene {
  const corners = new Float64Array(units.length * 8)
  const boxes = new Float64Array(units.length * 4)
  const axisAligned = new Uint8Array(units.length)
  const index = units.length > 0 ? new Flatbush(units.length) : null
  units.forEach((unit, at) => {
    let minX = Infinity
    let minY = Infinity
    let maxX = -Infinity
    let maxY = -Infinity
    unitCorners(unit, unit.rotate).forEach(([lat, lng], corner) => {
      const x = lng
      const y = -lat
      corners[at * 8 + corner * 2] = x
      corners[at * 8 + corner * 2 + 1] = y
      minX = Math.min(minX, x)
      minY = Math.min(minY, y)
      maxX = Math.max(maxX, x)
      maxY = Math.max(maxY, y)
    })
    boxes.set([minX, minY, maxX, maxY], at * 4)
    axisAligned[at] = unit.rotate % 90 === 0 ? 1 : 0
    index!.add(minX, minY, maxX, maxY)
  })
  index?.finish()
  return { units, corners, boxes, axisAligned, index }
}

export function unitsInView(scene: UnitScene, minX: number, minY: number, maxX: number, maxY: number): number[] {
  if (!scene.index) return []
  return scene.index.search(minX, minY, maxX, maxY).sort((a, b) => a - b)
}

/** True when (x, y) lies inside the unit's (convex, possibly turned) outline. */
function contains(corners: Float64Array, at: number, x: number, y: number): boolean {
  let sign = 0
  for (let corner = 0; corner < 4; corner++) {
    const ax = corners[at * 8 + corner * 2]!
    const ay = corners[at * 8 + corner * 2 + 1]!
    const bx = corners[at * 8 + ((corner + 1) % 4) * 2]!
    const by = corners[at * 8 + ((corner + 1) % 4) * 2 + 1]!
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
    if (cross === 0) continue
    if (sign === 0) sign = Math.sign(cross)
    else if (Math.sign(cross) !== sign) return false
  }
  return true
}

function distanceToOutline(corners: Float64Array, at: number, x: number, y: number): number {
  let best = Infinity
  for (let corner = 0; corner < 4; corner++) {
    const ax = corners[at * 8 + corner * 2]!
    const ay = corners[at * 8 + corner * 2 + 1]!
    const bx = corners[at * 8 + ((corner + 1) % 4) * 2]!
    const by = corners[at * 8 + ((corner + 1) % 4) * 2 + 1]!
    const length = (bx - ax) ** 2 + (by - ay) ** 2
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length))
    best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))))
  }
  return best
}

/** The unit under a tap: the topmost containing it, else the nearest outline within `tolerance` map units; -1 none. */
export function hitTest(scene: UnitScene, x: number, y: number, tolerance: number): number {
  if (!scene.index) return -1
  const candidates = scene.index.search(x - tolerance, y - tolerance, x + tolerance, y + tolerance)
  let inside = -1
  let nearest = -1
  let nearestDistance = tolerance
  for (const at of candidates) {
    if (contains(scene.corners, at, x, y)) {
      inside = Math.max(inside, at)
      continue
    }
    const distance = distanceToOutline(scene.corners, at, x, y)
    if (distance <= nearestDistance) {
      nearest = at
      nearestDistance = distance
    }
  }
  return inside >= 0 ? inside : nearest
}

/** How a unit is drawn; `dimmed` units fade whatever else holds, but for the tapped one. */
export type UnitLook = 'normal' | 'faded' | 'match' | 'selected'

export function unitLook(
  unitNo: string,
  highlighted: ReadonlySet<string>,
  selectedUnitNo: string | null | undefined,
  dimmed?: ReadonlySet<string>,
): UnitLook {
  if (unitNo === selectedUnitNo) return 'selected'
  if (dimmed?.has(unitNo)) return 'faded'
  if (highlighted.size === 0) return 'normal'
  return highlighted.has(unitNo) ? 'match' : 'faded'
}

/** Fill opacity and outline (colour, width in screen pixels, opacity) of each look. */
export const LOOK_STYLES: Record<UnitLook, { fillOpacity: number; stroke: string; width: number; opacity: number }> = {
  normal: { fillOpacity: 0.75, stroke: '#495057', width: 1, opacity: 1 },
  faded: { fillOpacity: 0.15, stroke: '#868e96', width: 0.5, opacity: 0.3 },
  match: { fillOpacity: 0.95, stroke: HIGHLIGHT_COLOR, width: 3, opacity: 1 },
  selected: { fillOpacity: 0.95, stroke: SELECTED_COLOR, width: 3, opacity: 1 },
}
