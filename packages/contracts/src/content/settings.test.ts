import { describe, expect, test } from 'vitest'
import { CreateSettingInput, settingsResource, settingValueRule, UpdateSettingInput } from './settings.ts'

describe('setting rules (admin-console-part-2 §3, §5)', () => {
  test('the name is forced to lower case and trimmed, on create and on edit', () => {
    expect(CreateSettingInput.parse({ name: '  Maintenance ' }).name).toBe('maintenance')
    expect(UpdateSettingInput.parse({ name: 'Hero-Banner', value: 'x' }).name).toBe('hero-banner')
  })

  test('a blank or missing name is refused with "Name is required"', () => {
    expect(CreateSettingInput.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe('Name is required')
    expect(CreateSettingInput.safeParse({}).error?.issues[0]?.message).toBe('Name is required')
    expect(UpdateSettingInput.safeParse({ name: '', value: 'x' }).success).toBe(false)
  })

  test('value and description default to empty; the value keeps its markdown as typed', () => {
    expect(CreateSettingInput.parse({ name: 'a' })).toEqual({ name: 'a', value: '', description: '' })
    expect(CreateSettingInput.parse({ name: 'a', value: '  **bold**\n' }).value).toBe('  **bold**\n')
  })

  test('the edit body may carry the value alone (the top bar maintenance switch)', () => {
    expect(UpdateSettingInput.parse({ value: 'true' })).toEqual({ value: 'true' })
  })

  test('the list query lower-cases the name, so ?name=MAINTENANCE finds maintenance', () => {
    expect(settingsResource.query.parse({ name: 'MAINTENANCE' })).toEqual({ name: 'maintenance' })
  })

  test('the declaration carries the spec texts', () => {
    expect(settingsResource.messages).toMatchObject({
      notFound: 'Setting not found',
      createFailed: 'Failed to create a setting.',
      updateFailed: 'Failed to update setting.',
    })
  })

  test('the walkthrough settings take whole days: overlock 0 to 120, cadence 1 to 365, spaces around allowed', () => {
    const overlock = settingValueRule('walkthrough_overlock_days')!
    const cadence = settingValueRule('walkthrough_cadence_days')!
    expect(['0', '5', ' 10 ', '120'].map((value) => overlock.parse(value))).toEqual([0, 5, 10, 120])
    expect(['1', '7', '365'].map((value) => cadence.parse(value))).toEqual([1, 7, 365])
    for (const value of ['abc', '-3', '2.5', '121', '', '1e2', '9'.repeat(400)])
      expect(overlock.safeParse(value).error?.issues[0]?.message, value).toBe(
        'Overlock days must be a whole number of days from 0 to 120.',
      )
    for (const value of ['0', '366', 'weekly'])
      expect(cadence.safeParse(value).error?.issues[0]?.message, value).toBe(
        'Walkthrough cadence must be a whole number of days from 1 to 365.',
      )
    expect([settingValueRule('maintenance'), settingValueRule('constructor')]).toEqual([undefined, undefined])
  })

  test('create and edit refuse a bad value of such a setting on `value`, by its name in any case; others take any text', () => {
    const refused = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.error?.issues.map(({ path, message }) => ({ path, message }))
    const message = 'Overlock days must be a whole number of days from 0 to 120.'
    expect(refused(CreateSettingInput.safeParse({ name: 'Walkthrough_Overlock_Days', value: '-3' }))).toEqual([
      { path: ['value'], message },
    ])
    expect(refused(CreateSettingInput.safeParse({ name: 'walkthrough_overlock_days' }))).toEqual([
      { path: ['value'], message },
    ])
    expect(refused(UpdateSettingInput.safeParse({ name: 'walkthrough_cadence_days', value: '2.5' }))).toEqual([
      { path: ['value'], message: 'Walkthrough cadence must be a whole number of days from 1 to 365.' },
    ])
    expect(UpdateSettingInput.parse({ name: 'walkthrough_overlock_days', value: ' 10 ' }).value).toBe(' 10 ')
    expect(CreateSettingInput.parse({ name: 'storage-tips', value: '-3' }).value).toBe('-3')
    expect(UpdateSettingInput.parse({ value: 'abc' })).toEqual({ value: 'abc' })
  })
})
