import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { reviewsResource, ReviewInput } from './reviews.ts'

/** The form's banner: every message, joined with '. ' (admin-console-part-2 §5). */
const joinedIssues = (error: z.ZodError) => error.issues.map((issue) => issue.message).join('. ')

describe('review rules (admin-console-part-2 §5)', () => {
  test('name, location and description blank after trimming give the three messages joined with ". "', () => {
    const result = ReviewInput.safeParse({ name: '  ', location: '\t', description: ' \n ', picture: '' })
    expect(joinedIssues(result.error!)).toBe('Name is required. Location is required. Description is required')
  })

  test('missing fields give the same messages, not a type error', () => {
    expect(joinedIssues(ReviewInput.safeParse({}).error!)).toBe(
      'Name is required. Location is required. Description is required',
    )
  })

  test('one missing field gives only its message', () => {
    const result = ReviewInput.safeParse({ ...reviewsResource.example, location: '' })
    expect(joinedIssues(result.error!)).toBe('Location is required')
  })

  test('texts are trimmed; the picture URL is optional and trimmed', () => {
    expect(ReviewInput.parse({ name: ' Dana ', location: ' Austin ', description: ' Great. ' })).toEqual({
      name: 'Dana',
      location: 'Austin',
      description: 'Great.',
      picture: '',
    })
    expect(ReviewInput.parse({ ...reviewsResource.example, picture: ' /img/review-1.jpg ' }).picture).toBe(
      '/img/review-1.jpg',
    )
  })

  test('the declaration carries the spec texts and the Number, Name, Location, Description, Picture columns', () => {
    expect(reviewsResource.messages).toMatchObject({
      createFailed: 'Failed to add review',
      updateFailed: 'Failed to update review',
      notFound: 'Failed to load review',
    })
    expect(reviewsResource.columns.map((column) => column.label)).toEqual([
      'Number',
      'Name',
      'Location',
      'Description',
      'Picture',
    ])
    expect(reviewsResource.update).toBe(ReviewInput)
  })
})
