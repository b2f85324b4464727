import { describe, expect, test } from 'vitest'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { buildScene, hitTest, unitLook, unitsInView } from './unit-map-scene.ts'

const unit = (unit_no: string, left: number, top: number, rotate = 0, width = 20, length = 40): LocationUnit => ({
  id: 1,
  location_code: 'TX100',
  unit_id: unit_no,
  unit_no,
  floor_no: 1,
  top_coordinate: top,
  left_coordinate: left,
  width,
  length,
  rotate,
  category_name: 'Drive Up',
  description: null,
  system: false,
  system_rotation: 0,
})

// A row of three units 20×40 with 4 map units between them, and one turned 45° further right.
const units = [unit('A1', 0, 0), unit('A2', 24, 0), unit('A3', 48, 0), unit('B1', 100, 0, 45)]
const scene = buildScene(units)

describe('tap to select: hit-testing the floor', () => {
  test('a tap inside a unit selects that unit', () => {
    expect(hitTest(scene, 10, 20, 0)).toBe(0)
    expect(hitTest(scene, 30, 39, 0)).toBe(1)
    expect(hitTest(scene, 67.9, 0.1, 0)).toBe(2)
  })

  test('a tap in the gap selects nothing without tolerance, and the nearer unit within it', () => {
    expect(hitTest(scene, 21, 20, 0)).toBe(-1)
    expect(hitTest(scene, 21, 20, 2)).toBe(0)
    expect(hitTest(scene, 23, 20, 2)).toBe(1)
    expect(hitTest(scene, 22, 20, 0.5)).toBe(-1)
  })

  test('a turned unit is hit by its turned outline, not its box', () => {
    // B1's centre is (110, 20); turned 45°, the corners of its box are empty.
    expect(hitTest(scene, 110, 20, 0)).toBe(3)
    expect(hitTest(scene, 91, 2, 0)).toBe(-1)
    // Its top corner is at (117.07, −1.21).
    expect(hitTest(scene, 117, 0, 0)).toBe(3)
    expect(hitTest(scene, 110, -1, 0)).toBe(-1)
  })

  test('where units overlap the one drawn last (on top) wins', () => {
    const overlapping = buildScene([unit('X1', 0, 0), unit('X2', 10, 10)])
    expect(hitTest(overlapping, 15, 15, 0)).toBe(1)
    expect(hitTest(overlapping, 5, 5, 0)).toBe(0)
  })

  test('an empty floor hits nothing', () => {
    expect(hitTest(buildScene([]), 0, 0, 10)).toBe(-1)
    expect(unitsInView(buildScene([]), -100, -100, 100, 100)).toEqual([])
  })
})

describe('what is in view', () => {
  test('only the units whose box meets the view, in drawing order', () => {
    expect(unitsInView(scene, -5, -5, 30, 50)).toEqual([0, 1])
    expect(unitsInView(scene, 45, 0, 200, 10)).toEqual([2, 3])
    expect(unitsInView(scene, 0, 100, 50, 200)).toEqual([])
  })

  test('unturned and quarter-turned units draw as rectangles, others by their corners', () => {
    const mixed = buildScene([unit('R0', 0, 0, 0), unit('R90', 0, 0, 90), unit('R45', 0, 0, 45)])
    expect([...mixed.axisAligned]).toEqual([1, 1, 0])
    // A quarter turn about the centre (10, 20) swaps the sides: x −10..30, y 10..30.
    expect([...mixed.boxes.slice(4, 8)].map(Math.round)).toEqual([-10, 10, 30, 30])
  })
})

describe('search highlight and selection', () => {
  test('without a search every unit is drawn normally', () => {
    expect(unitLook('A1', new Set(), null)).toBe('normal')
  })

  test('while searching, matches stand out and the others fade', () => {
    const matches = new Set(['A1', 'A3'])
    expect(unitLook('A1', matches, null)).toBe('match')
    expect(unitLook('A2', matches, null)).toBe('faded')
  })

  test('the tapped unit is marked whether or not it matches the search', () => {
    expect(unitLook('A2', new Set(), 'A2')).toBe('selected')
    expect(unitLook('A2', new Set(['A1']), 'A2')).toBe('selected')
    expect(unitLook('A1', new Set(['A1']), 'A1')).toBe('selected')
  })

  test('dimmed units fade, even a match, but not the tapped one', () => {
    const dimmed = new Set(['A1', 'A2'])
    expect(unitLook('A1', new Set(), null, dimmed)).toBe('faded')
    expect(unitLook('A1', new Set(['A1']), null, dimmed)).toBe('faded')
    expect(unitLook('A2', new Set(), 'A2', dimmed)).toBe('selected')
    expect(unitLook('A3', new Set(), null, dimmed)).toBe('normal')
  })
})
