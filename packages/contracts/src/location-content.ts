import { z } from 'zod'
import { text } from './primitives.ts'

export const MAX_CONTENT_PHOTOS = 20

/** A location's CMS content (spec: admin-console-part-1 §3); `photo_texts` pairs with `photos`; none saved reads blank. */
export const LocationContent = z.object({
  location_code: z.string(),
  title: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  keywords: z.array(z.string()).describe('deprecated'),
  body1: z.string().describe('markdown'),
  body2: z.string().describe('markdown'),
  facility_image: z.string().describe('image location, trimmed'),
  facility_image_alt: z.string(),
  access_hours: z.string(),
  customer_service_hours: z.string(),
  website_move_in_completion_screen: z.boolean(),
  kiosk_move_in_completion_screen: z.boolean(),
  unit_size_high_to_low: z.boolean(),
  unit_group_large_to_small: z.boolean(),
  recommended_unit: z.boolean(),
  unit_groups_expanded: z.boolean(),
  fee_for_24hr_access: z.boolean(),
  photos: z.array(z.string()).describe('stored file names, served at /img/{name}'),
  photo_texts: z.array(z.string()).describe('one text per photo'),
  updatedAt: z.string().nullable().describe('null while nothing is saved'),
})
export type LocationContent = z.infer<typeof LocationContent>

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '')
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false)
const PHOTO_NAME = /^[a-z0-9][a-z0-9._-]{0,199}$/

/** Texts trimmed, null becomes blank or false; every photo must be a stored file. */
export const LocationContentInput = z.object({
  title: optionalText(200),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  keywords: z
    .array(text().trim().min(1).max(100))
    .max(50)
    .nullish()
    .transform((value) => value ?? []),
  body1: optionalText(50_000),
  body2: optionalText(50_000),
  facility_image: optionalText(500),
  facility_image_alt: optionalText(300),
  access_hours: optionalText(200),
  customer_service_hours: optionalText(200),
  website_move_in_completion_screen: flag,
  kiosk_move_in_completion_screen: flag,
  unit_size_high_to_low: flag,
  unit_group_large_to_small: flag,
  recommended_unit: flag,
  unit_groups_expanded: flag,
  fee_for_24hr_access: flag,
  photos: z
    .array(text().regex(PHOTO_NAME, 'Not a stored photo name.'))
    .max(MAX_CONTENT_PHOTOS, `At most ${MAX_CONTENT_PHOTOS} photos.`)
    .nullish()
    .transform((value) => value ?? []),
  photo_texts: z
    .array(text().trim().max(300))
    .max(MAX_CONTENT_PHOTOS)
    .nullish()
    .transform((value) => value ?? []),
})
export type LocationContentInput = z.input<typeof LocationContentInput>

export const UploadedContentPhoto = z.object({ name: z.string(), url: z.string() })
export type UploadedContentPhoto = z.infer<typeof UploadedContentPhoto>

/** Largest content photo accepted, in bytes (10 MB); larger uploads get 413. */
export const MAX_CONTENT_PHOTO_BYTES = 10 * 1024 * 1024
