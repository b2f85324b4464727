import { describe, expect, test } from 'vitest'
import { distanceMiles, findNearbyFacilities, formatMiles } from './distance.ts'

describe('distance between facilities', () => {
  test('uses 7917.6 miles as the diameter in the haversine form', () => {
    // One degree of latitude is π/180 · 3958.8 ≈ 69.09 miles.
    expect(distanceMiles({ lat: 30, long: -97 }, { lat: 31, long: -97 })).toBeCloseTo(69.093, 2)
  })

  test('Austin to Dallas is about 182 miles', () => {
    expect(distanceMiles({ lat: 30.2713, long: -97.7426 }, { lat: 32.7831, long: -96.8067 })).toBeCloseTo(182.1, 0)
  })

  test('nearby keeps only 0 < d < 10, nearest first, at most 5', () => {
    const origin = { lat: 30, long: -97 }
    const at = (miles: number, name: string) => ({ name, lat: 30 + miles / 69.0933, long: -97 })
    const candidates = [
      at(0, 'self'),
      at(9.99, 'edge'),
      at(10.01, 'far'),
      at(1, 'a'),
      at(2, 'b'),
      at(3, 'c'),
      at(4, 'd'),
      at(5, 'e'),
    ]
    const nearby = findNearbyFacilities(origin, candidates)
    expect(nearby.map((facility) => facility.name)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(
      findNearbyFacilities(origin, [at(0, 'self'), at(9.99, 'edge'), at(10.01, 'far')]).map(
        (facility) => facility.name,
      ),
    ).toEqual(['edge'])
  })

  test('a facility exactly 10 miles away is not nearby: the radius is strictly below 10 miles', () => {
    // This latitude is 10 miles from the equator by the spec's formula to the last bit.
    const edge = { lat: 0.14473016952885298, long: 0 }
    expect(distanceMiles({ lat: 0, long: 0 }, edge)).toBe(10)
    expect(findNearbyFacilities({ lat: 0, long: 0 }, [edge])).toEqual([])
  })

  test('distances keep their value on the results', () => {
    const [nearest] = findNearbyFacilities({ lat: 30, long: -97 }, [
      { lat: 31, long: -97 },
      { lat: 30.05, long: -97 },
    ])
    expect(nearest).toEqual({ lat: 30.05, long: -97, distance: expect.closeTo(3.4547, 3) })
  })

  test('no neighbour within 10 miles gives an empty list', () => {
    expect(findNearbyFacilities({ lat: 30, long: -97 }, [{ lat: 40, long: -97 }])).toEqual([])
  })

  test('distances show with two decimals and mi', () => {
    expect(formatMiles(3.14159)).toBe('3.14 mi')
    expect(formatMiles(0.5)).toBe('0.50 mi')
    expect(formatMiles(9.999)).toBe('10.00 mi')
    expect(formatMiles(0.004)).toBe('0.00 mi')
  })
})
