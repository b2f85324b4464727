import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  GATE_CODE_MAX,
  GATE_CODE_MIN,
  generateGateCode,
  isMonotonicCode,
  isValidGateCode,
  isTypedGateCode,
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

  test('equal neighbouring digits are neither ascending nor descending', () => {
    expect(isMonotonicCode('998765')).toBe(false)
    expect(isMonotonicCode('543321')).toBe(false)
    expect(isMonotonicCode('123345')).toBe(false)
  })

  test('the edge codes 100001 and 999998 are valid; one step outside is not', () => {
    expect(isValidGateCode('100001')).toBe(true)
    expect(isValidGateCode('999998')).toBe(true)
    expect(isValidGateCode('100000')).toBe(false)
    expect(isValidGateCode('999999')).toBe(false)
    expect(isValidGateCodeEntry('*100001#')).toBe(true)
    expect(isValidGateCodeEntry('999998')).toBe(true)
  })

  test('a gate code is exactly six digits: no seventh digit, sign, space or decimals', () => {
    for (const code of ['0482913', '4829130', ' 482913', '482913 ', '482913.0', '+482913', '48291x']) {
      expect(isValidGateCode(code)).toBe(false)
    }
  })

  test('a keypad entry is the six digits with an optional leading * and trailing #, nothing else', () => {
    expect(isValidGateCodeEntry('482913')).toBe(true)
    expect(isValidGateCodeEntry('*482913')).toBe(true)
    expect(isValidGateCodeEntry('482913#')).toBe(true)
    for (const entry of ['1482913', '4829131', '*1482913#', 'x482913', '482913x', '*482913#x', '#482913*', '*48291#']) {
      expect(isValidGateCodeEntry(entry)).toBe(false)
    }
  })

  test('a rotation keeps each keypad mark of the current code on its own', () => {
    expect(nextGateCodeLike('482913#', () => '571846')).toBe('571846#')
    expect(nextGateCodeLike('*482913', () => '571846')).toBe('*571846')
  })

  test('a rotation of a plain code never hands out the same code again', () => {
    const draws = ['639182', '639182', '639182', '571846']
    expect(nextGateCodeLike('639182', () => draws.shift()!)).toBe('571846')
    expect(draws).toEqual([])
  })

  test('a current code not in keypad form is rotated to a plain code', () => {
    for (const current of ['x*482913#', '*482913#x', 'Gate 482913', '']) {
      expect(nextGateCodeLike(current, () => '571846')).toBe('571846')
    }
  })
})

describe('typed gate codes (decision 023)', () => {
  test("the spec's placeholder form *xxxxx# and its digits alone are taken, straight runs included", () => {
    for (const code of ['*13579#', '13579', '*13579', '13579#', '*12345#', '123456', '999999', '100000'])
      expect(isTypedGateCode(code), code).toBe(true)
  })

  test('a keypad takes 4 to 10 digits, with at most one leading * and one trailing #', () => {
    for (const code of ['1234', '*1234#', '1234567890', '*1234567890#']) expect(isTypedGateCode(code), code).toBe(true)
    for (const code of [
      '123',
      '*123#',
      '12345678901',
      '**1234#',
      '*1234##',
      '#1234*',
      '12 34',
      '12-34',
      'abcd',
      '*#',
      '',
    ])
      expect(isTypedGateCode(code), code).toBe(false)
  })
})

describe('secure random draws', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** Feeds crypto.getRandomValues the given 32-bit words, one per call. */
  function feedRandomWords(words: number[]) {
    return vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      ;(array as Uint32Array)[0] = words.shift()!
      return array
    })
  }

  test('a word from the uneven tail of the 32-bit range is drawn again, so every value stays equally likely', () => {
    // 2^32 = 3 · 1431655765 + 1: the single word 4294967295 would favour the minimum, so it is redrawn.
    const spy = feedRandomWords([4294967295, 7])
    expect(secureRandomInt(1, 3)).toBe(2)
    expect(spy).toHaveBeenCalledTimes(2)
  })

  test('the last word below the tail is used as drawn', () => {
    const spy = feedRandomWords([4294967294])
    expect(secureRandomInt(1, 3)).toBe(3)
    expect(spy).toHaveBeenCalledTimes(1)
  })
})
