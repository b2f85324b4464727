import { expect, test } from 'vitest'
import { TIME_ZONES, formatUtcOffset, timeZoneLabel } from './time-zones.ts'

test("the fourteen time-zone options carry the spec's offsets in seconds", () => {
  expect(Object.fromEntries(TIME_ZONES.map((zone) => [zone.code, zone.offset_seconds]))).toEqual({
    AST: -14400,
    MIT: -39600,
    HST: -36000,
    AKST: -32400,
    AKDT: -28800,
    PST: -28800,
    PDT: -25200,
    MST: -25200,
    MDT: -21600,
    CST: -21600,
    CDT: -18000,
    EST: -18000,
    EDT: -14400,
    PRT: -14400,
  })
})

test('offsets show as ±HH:MM', () => {
  expect(formatUtcOffset(-18000)).toBe('-05:00')
  expect(formatUtcOffset(-39600)).toBe('-11:00')
  expect(formatUtcOffset(18000)).toBe('+05:00')
  expect(formatUtcOffset(19800)).toBe('+05:30')
  expect(formatUtcOffset(0)).toBe('+00:00')
  expect(formatUtcOffset(-12600)).toBe('-03:30')
  expect(timeZoneLabel('EST')).toBe('EST (-05:00)')
  expect(timeZoneLabel('XYZ')).toBe('XYZ')
  expect(timeZoneLabel('MIT')).toBe('MIT (-11:00)')
  expect(timeZoneLabel('PRT')).toBe('PRT (-04:00)')
})
