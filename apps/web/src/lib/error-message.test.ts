import { expect, test } from 'vitest'
import { ApiError } from './api.ts'
import { fieldErrorMessage, withReason } from './error-message.ts'

const invalid = (field: string, message: string) => new ApiError(400, { error: 'invalid_input', message, field })

test("a field error drops the field's key and keeps a message that already names the field", () => {
  const error = invalid('zip', 'zip: Zip must be five digits (or ZIP+4).')
  expect(fieldErrorMessage(error, 'Failed', 'zip')).toBe('Zip must be five digits (or ZIP+4).')
  expect(fieldErrorMessage(error, 'Failed', 'zip', 'Zip')).toBe('Zip must be five digits (or ZIP+4).')
})

test("a field error that does not name the field gets the field's label in place of its key", () => {
  const error = invalid('unit_height', 'unit_height: Too big: expected string to have <=255 characters')
  expect(fieldErrorMessage(error, 'Failed', 'unit_height', 'Unit Height')).toBe(
    'Unit Height: Too big: expected string to have <=255 characters',
  )
})

test('a failure without a server message shows the fallback', () => {
  expect(fieldErrorMessage(new Error('offline'), 'Failed to save.', 'zip', 'Zip')).toBe('Failed to save.')
  expect(withReason('Failed to save all changes', new Error('offline'))).toBe('Failed to save all changes')
  expect(withReason('Failed to save all changes', invalid('rows', 'Too many rows.'))).toBe(
    'Failed to save all changes: Too many rows.',
  )
})
