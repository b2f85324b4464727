import { expect, test } from 'vitest'
import { MESSAGE_TEMPLATES } from '@storageops/contracts/message-templates'
import { facilityPlaceholders, namePlaceholders } from './outbox.service.ts'

test("a person's name placeholders are the first word and the rest, whatever the spaces between them", () => {
  expect(namePlaceholders('Mary  Ann   Lopez')).toEqual({
    first_name: 'Mary',
    last_name: 'Ann Lopez',
    full_name: 'Mary  Ann   Lopez',
  })
  expect(namePlaceholders('Cher')).toEqual({ first_name: 'Cher', last_name: '', full_name: 'Cher' })
})

test("a facility's placeholders have the templates' shape, a missing phone empty", () => {
  const placeholders = facilityPlaceholders({
    name: 'Oakland North #120',
    address: '1 Main St',
    city: 'Oakland',
    state: 'CA',
    zip: '94601',
    phone: null,
  })
  expect(Object.keys(placeholders.facility).sort()).toEqual(
    Object.keys(MESSAGE_TEMPLATES.payment_link.sample.facility).sort(),
  )
  expect(placeholders.facility.phone).toBe('')
  expect(placeholders.company.name).toBe('Harbor Point Self Storage')
})
