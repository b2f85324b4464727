import { expect, test } from 'vitest'
import { joinedMessages } from './fields.ts'

test("field messages join with '. ', each once, without doubling a message's own period", () => {
  expect(joinedMessages(['Name is required', 'Location is required', 'Name is required'])).toBe(
    'Name is required. Location is required',
  )
  expect(joinedMessages(['State code is not valid.', 'Full name is required', 'Latitude is required.'])).toBe(
    'State code is not valid. Full name is required. Latitude is required.',
  )
  expect(joinedMessages([])).toBe('')
})
