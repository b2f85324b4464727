import { describe, expect, test } from 'vitest'
import { unitCenter, unitCorners, unitSizeLabel } from './unit-geometry.ts'

const unit = { top_coordinate: 100, left_coordinate: 60, width: 20, length: 40 }
const rounded = (points: [number, number][]) =>
  points.map(([lat, lng]) => [Math.round(lat * 1000) / 1000 + 0, Math.round(lng * 1000) / 1000 + 0])

describe('units drawn to scale', () => {
  test('an unturned unit spans left..left+width and top..top+length, y inverted', () => {
    expect(rounded(unitCorners(unit, 0))).toEqual([
      [-100, 60],
      [-100, 80],
      [-140, 80],
      [-140, 60],
    ])
  })

  test('a quarter turn clockwise swaps width and length about the centre', () => {
    // The top-left corner moves to the top right: x 50..90, y 110..130.
    expect(rounded(unitCorners(unit, 90))).toEqual([
      [-110, 90],
      [-130, 90],
      [-130, 50],
      [-110, 50],
    ])
    expect(unitCenter(unit)).toEqual([-120, 70])
  })

  test('the size label comes from the description, else width x length', () => {
    expect(unitSizeLabel({ description: '10x20 Drive Up', width: 20, length: 40 })).toBe('10x20')
    expect(unitSizeLabel({ description: 'Locker', width: 5, length: 5 })).toBe('5x5')
    expect(unitSizeLabel({ description: null, width: 7.5, length: 10 })).toBe('7.5x10')
  })
})
