import { describe, expect, test } from 'vitest'
import { containsArea, neededArea, pictureSize, plannedArea } from './unit-raster.ts'

const floor = { minX: 0, minY: 0, maxX: 1000, maxY: 500 }

describe('which part of the floor a picture covers', () => {
  test('the view is grown by the padding on each side and kept on the floor', () => {
    const view = { minX: 400, minY: 100, maxX: 600, maxY: 200 }
    expect(plannedArea(view, floor, { padding: 0.5, scale: 1, ratio: 1, maxPixels: 1e9 })).toEqual({
      minX: 300,
      minY: 50,
      maxX: 700,
      maxY: 250,
    })
    expect(
      plannedArea({ minX: -100, minY: -50, maxX: 100, maxY: 50 }, floor, {
        padding: 0.5,
        scale: 1,
        ratio: 1,
        maxPixels: 1e9,
      }),
    ).toEqual({ minX: 0, minY: 0, maxX: 200, maxY: 100 })
  })

  test('a picture past the pixel limit draws less padding, never less than the view', () => {
    const view = { minX: 400, minY: 100, maxX: 600, maxY: 200 }
    // At 4 device pixels per map unit the view alone is 800×400 px; half a view around it would be 1600×800.
    const area = plannedArea(view, floor, { padding: 0.5, scale: 2, ratio: 2, maxPixels: 1_000_000 })!
    expect(containsArea(area, view)).toBe(true)
    const { width, height } = pictureSize({ area, scale: 2, ratio: 2 })
    expect(width * height).toBeLessThanOrEqual(1_000_000)
    expect(area.maxX - area.minX).toBeGreaterThan(200)
  })

  test('a view off the floor needs no picture', () => {
    const away = { minX: 2000, minY: 0, maxX: 2200, maxY: 100 }
    expect(neededArea(away, floor)).toBeNull()
    expect(plannedArea(away, floor, { padding: 0.5, scale: 1, ratio: 1, maxPixels: 1e9 })).toBeNull()
  })

  test('a picture covers a view only when the whole of it is inside', () => {
    const picture = { minX: 100, minY: 100, maxX: 300, maxY: 300 }
    expect(containsArea(picture, { minX: 100, minY: 150, maxX: 300, maxY: 200 })).toBe(true)
    expect(containsArea(picture, { minX: 99, minY: 150, maxX: 300, maxY: 200 })).toBe(false)
    expect(containsArea(picture, { minX: 150, minY: 150, maxX: 200, maxY: 301 })).toBe(false)
  })

  test('the picture is sized in device pixels, rounded up', () => {
    expect(pictureSize({ area: { minX: 0, minY: 0, maxX: 100.2, maxY: 50 }, scale: 0.5, ratio: 2 })).toEqual({
      width: 101,
      height: 50,
    })
  })
})
