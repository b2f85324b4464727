import { describe, expect, test } from 'vitest'
import { US_STATE_CODES, US_STATE_OPTIONS, US_STATES } from './us-states.ts'

describe('US states', () => {
  test('56 codes: the states, DC and the five inhabited territories, each once', () => {
    expect(US_STATES).toHaveLength(56)
    expect(new Set(US_STATE_CODES).size).toBe(56)
    expect(US_STATE_CODES).toEqual(US_STATES.map((state) => state.code))
    expect(US_STATE_CODES).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'TX', 'WY']))
  })

  test("options are labelled 'TX — Texas'", () => {
    expect(US_STATE_OPTIONS.find((option) => option.value === 'TX')).toEqual({ value: 'TX', label: 'TX — Texas' })
    expect(US_STATE_OPTIONS).toHaveLength(56)
  })
})
