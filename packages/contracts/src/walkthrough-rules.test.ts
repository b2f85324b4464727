import { describe, expect, test } from 'vitest'
import {
  DEFAULT_CADENCE_DAYS,
  DEFAULT_OVERLOCK_DAYS,
  DISCREPANCY_TASKS,
  EXPECTATION_LABELS,
  EXPECTATIONS,
  OBSERVATION_LABELS,
  OBSERVATIONS,
  LOCK_SERIAL_MAX,
  OBSERVATION_NOTE_MAX,
  OBSERVATIONS_PER_REQUEST_MAX,
  WALKTHROUGH_PAGE_SIZE,
  WALKTHROUGH_ARCHIVE_SORTS,
  LOCK_CHECK_PAGE_SIZE,
  LOCK_CHECK_SORTS,
  WALKTHROUGH_SETTINGS,
  WALKTHROUGH_STATUS_LABELS,
  compareWalkOrder,
  daysPastDue,
  daysSince,
  discrepancyOf,
  expectedLock,
  formatDuration,
  isFullWalkthrough,
  isLockCheckDue,
  lockCheckCutoff,
  isToCheck,
  nextToCheck,
  takesSerial,
  uncheckedText,
  unitNoParts,
  walkOrderOf,
  walkthroughProgress,
  type Expectation,
  type Observation,
} from './walkthrough-rules.ts'

describe('expected door', () => {
  test('the defaults are 5 days to an overlock and a 7-day cadence', () => {
    expect(DEFAULT_OVERLOCK_DAYS).toBe(5)
    expect(DEFAULT_CADENCE_DAYS).toBe(7)
  })

  test('rented and paid, or late by less than the overlock day count, expects the tenant lock', () => {
    expect(expectedLock('Rented', 0, 5)).toBe('tenant_lock')
    expect(expectedLock('Rented', null, 5)).toBe('tenant_lock')
    expect(expectedLock('Rented', 4, 5)).toBe('tenant_lock')
  })

  test('rented and past due by the overlock day count or more expects an overlock', () => {
    expect(expectedLock('Rented', 5, 5)).toBe('overlock')
    expect(expectedLock('Rented', 6, 5)).toBe('overlock')
    expect(expectedLock('Rented', 3, 3)).toBe('overlock')
    expect(expectedLock('Rented', 0, 0)).toBe('overlock')
  })

  test('vacant and reserved expect a company lock; unrentable and unknown units are skipped', () => {
    expect(expectedLock('Vacant', null, 5)).toBe('company_lock')
    expect(expectedLock('Reserved', 30, 5)).toBe('company_lock')
    expect(expectedLock('Unrentable', null, 5)).toBe('skip')
    expect(expectedLock(null, 10, 5)).toBe('skip')
  })
})

describe('discrepancies', () => {
  // Rows: what the system expects; columns: OBSERVATIONS' order (tenant_lock, company_lock, overlock, no_lock, damaged_door, other).
  const TABLE: Record<Expectation, Array<string | null>> = {
    tenant_lock: [null, 'remove_overlock', 'remove_overlock', 'not_secured', 'door_damaged', null],
    overlock: ['overlock_needed', null, null, 'not_secured', 'door_damaged', null],
    company_lock: ['tenant_lock_on_vacant', null, 'remove_overlock', 'not_secured', 'door_damaged', null],
    skip: [null, null, null, null, null, null],
  }

  test.each(EXPECTATIONS.flatMap((expected) => OBSERVATIONS.map((observed, at) => [expected, observed, at] as const)))(
    'expected %s, found %s',
    (expected, observed, at) => {
      expect(discrepancyOf(expected, observed)).toBe(TABLE[expected][at])
    },
  )

  test('each discrepancy is a unit task with its title and priority', () => {
    expect(DISCREPANCY_TASKS).toEqual({
      overlock_needed: { title: 'Overlock needed', prior: 'high' },
      remove_overlock: { title: 'Remove overlock', prior: 'high' },
      tenant_lock_on_vacant: { title: 'Tenant lock on a vacant unit', prior: 'high' },
      not_secured: { title: 'Unit not secured', prior: 'urgent' },
      door_damaged: { title: 'Door damaged', prior: 'medium' },
    })
  })

  test('only a company lock takes a serial', () => {
    expect(OBSERVATIONS.filter((observed) => takesSerial(observed))).toEqual(['company_lock'])
  })
})

describe('walk order', () => {
  test('a unit number splits into its building letters, its number and the rest', () => {
    expect(unitNoParts('A101')).toEqual({ letters: 'A', number: 101, rest: '' })
    expect(unitNoParts(' bb-12x ')).toEqual({ letters: 'BB', number: 12, rest: 'x' })
    expect(unitNoParts('C 7')).toEqual({ letters: 'C', number: 7, rest: '' })
    expect(unitNoParts('1005')).toEqual({ letters: '', number: 1005, rest: '' })
    expect(unitNoParts('RV')).toEqual({ letters: 'RV', number: Number.POSITIVE_INFINITY, rest: '' })
    expect(unitNoParts('#4')).toEqual({ letters: '', number: Number.POSITIVE_INFINITY, rest: '#4' })
    expect(unitNoParts('4A\nB7')).toEqual({ letters: '', number: 4, rest: 'A\nB7' })
    expect(unitNoParts('')).toEqual({ letters: '', number: Number.POSITIVE_INFINITY, rest: '' })
  })

  test('the default order is floor, then building letter, then number (not text), then the unit number', () => {
    const units = [
      { floor_no: 2, unit_no: 'A201' },
      { floor_no: 1, unit_no: 'B2' },
      { floor_no: 1, unit_no: 'A10' },
      { floor_no: 1, unit_no: 'A9' },
      { floor_no: 1, unit_no: 'A9b' },
      { floor_no: 1, unit_no: 'A9a' },
      { floor_no: 1, unit_no: '15' },
      { floor_no: 1, unit_no: 'a11' },
      { floor_no: 1, unit_no: 'AA1' },
      { floor_no: 1, unit_no: 'A' },
    ]
    expect([...units].sort(compareWalkOrder).map((unit) => unit.unit_no)).toEqual([
      '15',
      'A9',
      'A9a',
      'A9b',
      'A10',
      'a11',
      'A',
      'AA1',
      'B2',
      'A201',
    ])
  })

  test('each key decides in both directions: a later letter, number or unit number sorts after', () => {
    const at = (unit_no: string) => ({ floor_no: 1, unit_no })
    expect(compareWalkOrder(at('A1'), at('B1'))).toBe(-1)
    expect(compareWalkOrder(at('B1'), at('A1'))).toBe(1)
    expect(compareWalkOrder(at('A1'), at('A2'))).toBeLessThan(0)
    expect(compareWalkOrder(at('A2'), at('A1'))).toBeGreaterThan(0)
    expect(compareWalkOrder(at('A1a'), at('A1b'))).toBe(-1)
    expect(compareWalkOrder(at('A1b'), at('A1a'))).toBe(1)
    expect(compareWalkOrder({ floor_no: 1, unit_no: 'A1' }, { floor_no: 2, unit_no: 'A1' })).toBeLessThan(0)
  })

  test('compareWalkOrder is antisymmetric and 0 only for the same unit', () => {
    const a = { floor_no: 1, unit_no: 'A1' }
    const b = { floor_no: 1, unit_no: 'A01' }
    expect(compareWalkOrder(a, b)).toBe(-compareWalkOrder(b, a))
    expect(compareWalkOrder(a, b)).not.toBe(0)
    expect(compareWalkOrder(a, { ...a })).toBe(0)
    expect(compareWalkOrder({ floor_no: 3, unit_no: 'A1' }, { floor_no: 1, unit_no: 'Z9' })).toBeGreaterThan(0)
    expect(compareWalkOrder({ floor_no: 1, unit_no: 'B1' }, { floor_no: 1, unit_no: 'A9' })).toBeGreaterThan(0)
    expect(compareWalkOrder({ floor_no: 1, unit_no: 'A9' }, { floor_no: 1, unit_no: 'A10' })).toBeLessThan(0)
    expect(compareWalkOrder({ floor_no: 1, unit_no: 'A10' }, { floor_no: 1, unit_no: 'A9' })).toBeGreaterThan(0)
    expect(compareWalkOrder({ floor_no: 1, unit_no: 'RV' }, { floor_no: 1, unit_no: 'RVb' })).toBeLessThan(0)
    expect(compareWalkOrder({ floor_no: 1, unit_no: 'RV' }, { floor_no: 1, unit_no: 'RV' })).toBe(0)
  })

  test('a saved order comes first as saved, numbers no longer units are passed over, the rest follow by default', () => {
    const units = ['A1', 'A2', 'A3', 'B1', 'B2'].map((unit_no) => ({ floor_no: 1, unit_no }))
    expect(walkOrderOf(units, ['B2', 'GONE', 'A2']).map((unit) => unit.unit_no)).toEqual(['B2', 'A2', 'A1', 'A3', 'B1'])
    expect(walkOrderOf([...units].reverse(), ['A3']).map((unit) => unit.unit_no)).toEqual([
      'A3',
      'A1',
      'A2',
      'B1',
      'B2',
    ])
    expect(walkOrderOf(units, []).map((unit) => unit.unit_no)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2'])
    expect(walkOrderOf(units, ['A1', 'A1']).map((unit) => unit.unit_no)).toEqual(['A1', 'A2', 'A3', 'B1', 'B2'])
  })
})

describe('progress', () => {
  const unit = (expected: Expectation, observed: Observation | null, discrepancy: null | 'not_secured' = null) => ({
    expected,
    observed,
    discrepancy,
  })

  test('the next unit to check comes after the current one, going round, past skipped and recorded ones', () => {
    const units = [
      unit('tenant_lock', null),
      unit('skip', null),
      unit('company_lock', 'company_lock'),
      unit('overlock', null),
      unit('tenant_lock', 'tenant_lock'),
    ]
    expect(nextToCheck(units, -1)).toBe(0)
    expect(nextToCheck(units, 0)).toBe(3)
    expect(nextToCheck(units, 3)).toBe(0)
    expect(nextToCheck(units, 4)).toBe(0)
    expect(nextToCheck([unit('tenant_lock', null)], 0)).toBe(0)
    expect(nextToCheck([unit('skip', null), unit('overlock', 'overlock')], 0)).toBe(-1)
    expect(nextToCheck([], -1)).toBe(-1)
    expect(isToCheck(unit('skip', null))).toBe(false)
    expect(isToCheck(unit('overlock', 'no_lock'))).toBe(false)
    expect(isToCheck(unit('overlock', null))).toBe(true)
  })

  test('progress counts units to check, those recorded and the discrepancies by kind; skipped units count for nothing', () => {
    const progress = walkthroughProgress([
      unit('tenant_lock', 'no_lock', 'not_secured'),
      unit('company_lock', null),
      unit('skip', null),
      unit('skip', 'other', 'not_secured'),
      unit('overlock', 'overlock'),
    ])
    expect(progress).toEqual({
      unit_count: 3,
      checked_count: 2,
      discrepancies: {
        overlock_needed: 0,
        remove_overlock: 0,
        tenant_lock_on_vacant: 0,
        not_secured: 1,
        door_damaged: 0,
      },
    })
  })

  test('a walkthrough is full when every unit to check is recorded, and never when it has none', () => {
    expect(isFullWalkthrough({ unit_count: 3, checked_count: 3 })).toBe(true)
    expect(isFullWalkthrough({ unit_count: 3, checked_count: 2 })).toBe(false)
    expect(isFullWalkthrough({ unit_count: 0, checked_count: 0 })).toBe(false)
  })

  test('the question before finishing names the units left', () => {
    expect(uncheckedText(1)).toBe('1 unit is not checked. It will not count as a full walkthrough.')
    expect(uncheckedText(12)).toBe('12 units are not checked. It will not count as a full walkthrough.')
  })
})

describe('names', () => {
  test('the labels the screens show', () => {
    expect(EXPECTATION_LABELS).toEqual({
      tenant_lock: 'Tenant lock',
      overlock: 'Overlock',
      company_lock: 'Company lock',
      skip: 'Skip',
    })
    expect(OBSERVATION_LABELS).toEqual({
      tenant_lock: 'Tenant lock',
      company_lock: 'Company lock',
      overlock: 'Overlock',
      no_lock: 'No lock / open',
      damaged_door: 'Damaged door',
      other: 'Other',
    })
    expect(WALKTHROUGH_STATUS_LABELS).toEqual({ in_progress: 'In progress', paused: 'Paused', finished: 'Finished' })
    expect([WALKTHROUGH_PAGE_SIZE, OBSERVATIONS_PER_REQUEST_MAX, LOCK_SERIAL_MAX, OBSERVATION_NOTE_MAX]).toEqual([
      20, 500, 40, 1000,
    ])
    expect(WALKTHROUGH_SETTINGS).toEqual({
      overlockDays: 'walkthrough_overlock_days',
      cadenceDays: 'walkthrough_cadence_days',
    })
    expect([LOCK_CHECK_PAGE_SIZE, WALKTHROUGH_ARCHIVE_SORTS, LOCK_CHECK_SORTS]).toEqual([
      25,
      ['started_at'],
      ['facility_name', 'site_code', 'city', 'state', 'last_full_walkthrough_at'],
    ])
  })
})

describe('cadence and time', () => {
  const now = new Date('2026-05-10T12:00:00Z')

  test('days since counts whole days, never below zero; never is null', () => {
    expect(daysSince('2026-05-03T12:00:00Z', now)).toBe(7)
    expect(daysSince('2026-05-03T12:00:01Z', now)).toBe(6)
    expect(daysSince(new Date('2026-05-11T00:00:00Z'), now)).toBe(0)
    expect(daysSince(null, now)).toBeNull()
  })

  test('days past due are the days after the paid-through date; paid ahead, missing or unreadable is 0', () => {
    expect(daysPastDue('2026-05-09', now)).toBe(1)
    expect(daysPastDue('2026-05-05', new Date('2026-05-10T23:59:00Z'))).toBe(5)
    expect(daysPastDue('2026-05-10', now)).toBe(0)
    expect(daysPastDue('2026-05-31', now)).toBe(0)
    expect(daysPastDue(null, now)).toBe(0)
    expect(daysPastDue('', now)).toBe(0)
    expect(daysPastDue('soon', now)).toBe(0)
    expect(daysPastDue('2025-05-10', now)).toBe(365)
  })

  test('a lock check is due past the cadence or when there never was one', () => {
    expect(isLockCheckDue(null, 7, now)).toBe(true)
    expect(isLockCheckDue(null, 100_000, now)).toBe(true)
    expect(isLockCheckDue('2026-05-03T12:00:00Z', 7, now)).toBe(false)
    expect(isLockCheckDue('2026-05-03T11:59:59Z', 7, now)).toBe(true)
    expect(isLockCheckDue(new Date('2026-05-09T12:00:00Z'), 1, now)).toBe(false)
  })

  test("the lock-check cutoff is the cadence's days before now", () => {
    expect(lockCheckCutoff(7, now).toISOString()).toBe('2026-05-03T12:00:00.000Z')
    expect(lockCheckCutoff(0, now).toISOString()).toBe(now.toISOString())
  })

  test('walking time reads in seconds, minutes, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s')
    expect(formatDuration(-5)).toBe('0 s')
    expect(formatDuration(59.4)).toBe('59 s')
    expect(formatDuration(60)).toBe('1 min')
    expect(formatDuration(3599)).toBe('59 min')
    expect(formatDuration(3600)).toBe('1 h 00 min')
    expect(formatDuration(7505)).toBe('2 h 05 min')
  })
})
