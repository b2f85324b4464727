import { z } from 'zod'
import { defineResource, requiredText } from '../resource.ts'
import { imageLocation } from './content-schemas.ts'

/**
 * POST /api/reviews and PUT /api/reviews/{id} (spec: admin-console-part-2 §3, §5): name, location and
 * description required and not blank after trimming; the picture URL is optional.
 */
export const ReviewInput = z.object({
  name: requiredText('Name is required', 200),
  location: requiredText('Location is required', 200),
  description: requiredText('Description is required', 5000),
  picture: imageLocation(),
})
export type ReviewInput = z.input<typeof ReviewInput>

/** A customer review shown on the public website (spec: admin-console-part-2 §3). */
export const Review = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  description: z.string(),
  picture: z.string(),
})
export type Review = z.infer<typeof Review>

/** Reviews: /reviews, /reviews/new, /reviews/{id} (spec: admin-console-part-2 §2, §4, §5, §7, §8). */
export const reviewsResource = defineResource({
  name: 'review',
  api: '/api/reviews',
  page: '/reviews',
  screen: '/reviews',
  key: 'id',
  record: Review,
  create: ReviewInput,
  labels: {
    singular: 'Review',
    plural: 'Reviews',
    create: 'Add Review',
    edit: 'Edit Review',
    description: 'Customer reviews shown on the public website.',
  },
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true, max: 200 },
    {
      key: 'location',
      label: 'Location',
      kind: 'text',
      required: true,
      max: 200,
      description: 'The facility reviewed.',
    },
    { key: 'description', label: 'Description', kind: 'textarea', required: true, max: 5000 },
    { key: 'picture', label: 'Picture', kind: 'image', description: 'Address of the reviewer’s photo (optional).' },
  ],
  columns: [
    { kind: 'position', label: 'Number' },
    { key: 'name', label: 'Name' },
    { key: 'location', label: 'Location' },
    { key: 'description', label: 'Description', kind: 'excerpt' },
    { key: 'picture', label: 'Picture', kind: 'thumbnail' },
  ],
  messages: {
    notFound: 'Failed to load review',
    createFailed: 'Failed to add review',
    updateFailed: 'Failed to update review',
    saved: 'Data saved successfully',
    deleted: 'Review deleted',
    deleteFailed: 'Failed to delete review',
    confirmDelete: 'Are you sure you want to delete this review?',
  },
  example: {
    name: 'Dana Whitfield',
    location: 'Austin Northwest #100',
    description: 'Clean units, a gate code that worked the first time and a manager who helped me load the truck.',
    picture: '',
  },
  public: { fields: ['id', 'name', 'location', 'description', 'picture'] },
})
