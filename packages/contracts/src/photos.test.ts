import { describe, expect, test } from 'vitest'
import { isPhotoMime, notAPhotoMessage } from './photos.ts'

describe('photos', () => {
  test('JPEG, PNG and HEIC/HEIF (single and sequence) are photos; anything else, or nothing, is not', () => {
    for (const mime of [
      'image/jpeg',
      'image/png',
      'image/heic',
      'image/heif',
      'image/heic-sequence',
      'image/heif-sequence',
    ])
      expect(isPhotoMime(mime)).toBe(true)
    for (const mime of ['image/webp', 'image/gif', 'application/pdf', 'image/svg+xml', '', undefined])
      expect(isPhotoMime(mime)).toBe(false)
  })

  test("the refusal names the file, or 'A file' when it has no name", () => {
    expect(notAPhotoMessage('lease.pdf')).toBe('lease.pdf is not a JPEG, PNG or HEIC photo.')
    expect(notAPhotoMessage('')).toBe('A file is not a JPEG, PNG or HEIC photo.')
  })
})
