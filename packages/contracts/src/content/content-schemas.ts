import { z } from 'zod'
import type { FieldDescriptor } from '../fields.ts'
import { US_STATE_CODES } from '../us-states.ts'

/** Zod pieces the website-content declarations share (spec: admin-console-part-2 §3, §5, §9). */

/** Longest markdown body, in characters: far above any page, well below the 1 MiB request limit. */
export const MARKDOWN_MAX = 100_000

/** Markdown as typed (GFM): leading spaces matter, so only the end is trimmed; '' when missing. */
export const markdownBody = (max = MARKDOWN_MAX) =>
  z
    .string()
    .overwrite((value) => value.trimEnd())
    .max(max)
    .default('')

/** A required markdown body: blank gives `message`. */
export const requiredMarkdown = (message: string, max = MARKDOWN_MAX) =>
  z
    .string({ error: message })
    .overwrite((value) => value.trimEnd())
    .max(max)
    .refine((value) => value.trim() !== '', message)

/** A list of short texts (keywords, document addresses): trimmed, blanks and repeats dropped. */
export const textList = (options: { max?: number; lowerCase?: boolean } = {}) =>
  z
    .array(z.string().max(options.max ?? 200))
    .max(100)
    .default([])
    .transform((items) => [
      ...new Set(items.map((item) => (options.lowerCase ? item.trim().toLowerCase() : item.trim())).filter(Boolean)),
    ])

export const IMAGE_LOCATION_MESSAGE = 'Use an image path under /img/ or an https: address.'

/** An image address (spec §5): trimmed, a /img/ path or an https: URL or empty; never javascript: (issue 35). */
export const imageLocation = () =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || value.startsWith('/img/') || /^https:\/\/[^\s/]/i.test(value), {
      message: IMAGE_LOCATION_MESSAGE,
    })
    .default('')

/** Decimal degrees; `label` names it in the message. */
export const coordinate = (label: 'Latitude' | 'Longitude') => {
  const limit = label === 'Latitude' ? 90 : 180
  const message = `${label} must be a number from -${limit} to ${limit}.`
  return z
    .number({ error: `${label} is required.` })
    .min(-limit, message)
    .max(limit, message)
}

/** The website map's zoom level, a whole number 1–20; 1 when not given or left blank in a form (spec: §9). */
export const ZOOM_LEVEL_DEFAULT = 1
const ZOOM_MESSAGE = 'Zoom level must be a whole number from 1 to 20.'
export const zoomLevel = () =>
  z
    .union(
      [
        z.literal('').transform(() => ZOOM_LEVEL_DEFAULT),
        z.number().int(ZOOM_MESSAGE).min(1, ZOOM_MESSAGE).max(20, ZOOM_MESSAGE),
      ],
      { error: ZOOM_MESSAGE },
    )
    .default(ZOOM_LEVEL_DEFAULT)

export const stateCode = (message = 'State code is not valid.') =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .pipe(z.enum(US_STATE_CODES, { error: message }))

/** The form fields of a place on the website's map (a state, a city): its centre, zoom and meta tags. */
export const placeFields = [
  { key: 'lat', label: 'Latitude', kind: 'coordinate', required: true, min: -90, max: 90 },
  { key: 'long', label: 'Longitude', kind: 'coordinate', required: true, min: -180, max: 180 },
  {
    key: 'zoom_level',
    label: 'Zoom Level',
    kind: 'integer',
    min: 1,
    max: 20,
    description: 'Map zoom; 1 by default.',
  },
  { key: 'meta_title', label: 'Meta Title', kind: 'text', max: 200 },
  { key: 'meta_description', label: 'Meta Description', kind: 'textarea', max: 500 },
] as const satisfies readonly FieldDescriptor<'lat' | 'long' | 'zoom_level' | 'meta_title' | 'meta_description'>[]
