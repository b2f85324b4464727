import type { LocationUnit } from '@storageops/contracts/unit-maps'

/** A point of Leaflet's CRS.Simple: [lat, lng] = [−y, x] of the facility plan (y grows downwards on the plan). */
export type MapPoint = [number, number]

type Box = Pick<LocationUnit, 'top_coordinate' | 'left_coordinate' | 'width' | 'length'>

export const toMapPoint = (x: number, y: number): MapPoint => [-y, x]

export function unitCenter(unit: Box): MapPoint {
  return toMapPoint(unit.left_coordinate + unit.width / 2, unit.top_coordinate + unit.length / 2)
}

/** A unit's corners to scale (spec §2): width × length from (left, top), turned `degrees` clockwise about its centre. */
export function unitCorners(unit: Box, degrees: number): MapPoint[] {
  const cx = unit.left_coordinate + unit.width / 2
  const cy = unit.top_coordinate + unit.length / 2
  const angle = (degrees * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const halfW = unit.width / 2
  const halfL = unit.length / 2
  return (
    [
      [-halfW, -halfL],
      [halfW, -halfL],
      [halfW, halfL],
      [-halfW, halfL],
    ] as const
  ).map(([dx, dy]) => toMapPoint(cx + dx * cos - dy * sin, cy + dx * sin + dy * cos))
}

/** A unit's size for its label: the "10x20" at the start of its description, else width x length. */
export function unitSizeLabel(unit: Pick<LocationUnit, 'description' | 'width' | 'length'>): string {
  const match = /^\s*(\d+(?:\.\d+)?\s*[x×]\s*\d+(?:\.\d+)?)/i.exec(unit.description ?? '')
  return match ? match[1]!.replace(/\s+/g, '') : `${unit.width}x${unit.length}`
}
