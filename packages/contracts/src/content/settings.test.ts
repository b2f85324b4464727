import { describe, expect, test } from 'vitest'
import { CreateSettingInput, settingsResource, UpdateSettingInput } from './settings.ts'

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
})
