import { expect, test } from 'vitest'
import { ApiError } from './api.ts'
import { fieldErrorsOf, labelledMessage, withReason } from './error-message.ts'

const invalid = (field: string, message: string) => new ApiError(400, { error: 'invalid_input', message, field })

test("a field error drops the field's key and keeps a message that already names the field", () => {
  const [failure] = fieldErrorsOf(invalid('zip', 'zip: Zip must be five digits (or ZIP+4).'))
  expect(failure).toEqual({ field: 'zip', message: 'Zip must be five digits (or ZIP+4).' })
  expect(labelledMessage(failure!.message, 'Zip')).toBe('Zip must be five digits (or ZIP+4).')
})

test("a field error that does not name the field gets the field's label in place of its key", () => {
  const [failure] = fieldErrorsOf(
    invalid('unit_height', 'unit_height: Too big: expected string to have <=255 characters'),
  )
  expect(labelledMessage(failure!.message, 'Unit Height')).toBe(
    'Unit Height: Too big: expected string to have <=255 characters',
  )
})

test("a 400 with several bad fields gives every one from its errors, in the server's order (issue 34)", () => {
  const error = new ApiError(400, {
    error: 'invalid_input',
    message: 'name: Name is required',
    field: 'name',
    errors: [
      { field: 'name', message: 'Name is required' },
      { field: 'location', message: 'Location is required' },
      { field: 'description', message: 'Description is required' },
    ],
  })
  expect(fieldErrorsOf(error).map((failure) => failure.message)).toEqual([
    'Name is required',
    'Location is required',
    'Description is required',
  ])
})

test('a failure without a named field gives no field errors; without a server message the fallback shows', () => {
  expect(fieldErrorsOf(new Error('offline'))).toEqual([])
  expect(fieldErrorsOf(new ApiError(409, { error: 'conflict', message: 'Taken.' }))).toEqual([])
  expect(withReason('Failed to save all changes', new Error('offline'))).toBe('Failed to save all changes')
  expect(withReason('Failed to save all changes', invalid('rows', 'Too many rows.'))).toBe(
    'Failed to save all changes: Too many rows.',
  )
})
