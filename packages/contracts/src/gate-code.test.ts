import { describe, expect, test } from 'vitest'
import {
  GATE_CODE_MAX,
  GATE_CODE_MIN,
  generateGateCode,
  isMonotonicCode,
  isValidGateCode,
  isValidGateCodeEntry,
  nextGateCodeLike,
  secureRandomInt,
} from './gate-code.ts'

describe('gate code', () => {
  test('strictly ascending or descending digits count as monotonic', () => {
    expect(isMonotonicCode('123456')).toBe(true)
    expect(isMonotonicCode('135789')).toBe(true)
    expect(isMonotonicCode('987654')).toBe(true)
    expect(isMonotonicCode('975310')).toBe(true)
    expect(isMonotonicCode('112345')).toBe(false)
    expect(isMonotonicCode('123465')).toBe(false)
    expect(isMonotonicCode('100001')).toBe(false)
  })

  test('a monotonic draw is drawn again', () => {
    const draws = [123456, 987654, 135789, 482913]
    const code = generateGateCode(() => draws.shift()!)
    expect(code).toBe('482913')
    expect(draws).toEqual([])
  })

  test('the range is 100001 to 999998 and passed to the random source', () => {
    const seen: Array<[number, number]> = []
    generateGateCode((min, max) => {
      seen.push([min, max])
      return 500137
    })
    expect(seen).toEqual([[100001, 999998]])
    expect([GATE_CODE_MIN, GATE_CODE_MAX]).toEqual([100001, 999998])
  })

  test('real codes are six digits inside the range and never monotonic', () => {
    for (let i = 0; i < 2000; i++) {
      const code = generateGateCode()
      expect(code).toMatch(/^\d{6}$/)
      expect(Number(code)).toBeGreaterThanOrEqual(100001)
      expect(Number(code)).toBeLessThanOrEqual(999998)
      expect(isMonotonicCode(code)).toBe(false)
    }
  })

  test('the secure source covers both ends of a small range', () => {
    const values = new Set(Array.from({ length: 500 }, () => secureRandomInt(1, 3)))
    expect([...values].sort()).toEqual([1, 2, 3])
  })

  test('a valid gate code has six digits in range and is not monotonic; keypad entries may wrap it in * and #', () => {
    expect(isValidGateCode('482913')).toBe(true)
    expect(isValidGateCode('123456')).toBe(false)
    expect(isValidGateCode('999999')).toBe(false)
    expect(isValidGateCode('100000')).toBe(false)
    expect(isValidGateCode('48291')).toBe(false)
    expect(isValidGateCodeEntry('*482913#')).toBe(true)
    expect(isValidGateCodeEntry('482913#')).toBe(true)
    expect(isValidGateCodeEntry('*123456#')).toBe(false)
    expect(isValidGateCodeEntry('**482913#')).toBe(false)
  })

  test('a rotated code keeps the keypad form of the current one and always changes', () => {
    const draws = ['482913', '482913', '571846']
    expect(nextGateCodeLike('*482913#', () => draws.shift()!)).toBe('*571846#')
    expect(nextGateCodeLike('639182', () => '571846')).toBe('571846')
  })
})
