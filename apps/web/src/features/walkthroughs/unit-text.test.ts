import { expect, test } from 'vitest'
import { describeSystemState } from './unit-text.ts'

test("a unit's system state reads with its days past due", () => {
  expect(describeSystemState({ ssm_status: 'Rented', days_past_due: 12 })).toBe('Rented, 12 days past due')
  expect(describeSystemState({ ssm_status: 'Rented', days_past_due: 1 })).toBe('Rented, 1 day past due')
  expect(describeSystemState({ ssm_status: 'Rented', days_past_due: 0 })).toBe('Rented, not past due')
  expect(describeSystemState({ ssm_status: 'Vacant', days_past_due: null })).toBe('Vacant')
  expect(describeSystemState({ ssm_status: null, days_past_due: null })).toBe('Not in the system')
})
