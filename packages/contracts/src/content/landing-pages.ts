import { z } from 'zod'
import { id, text } from '../primitives.ts'
import { defineResource, optionalText, requiredText } from '../resource.ts'
import { coordinate, imageLocation, markdownBody, placeFields, textList, zoomLevel } from './content-schemas.ts'

/** A metro-area landing page of the public website (spec: admin-console-part-2 §3 "Landing page"). */
export const LandingPage = z.object({
  short_name: z.string(),
  full_name: z.string(),
  header_image_src: z.string(),
  image_alt: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  keywords: z.array(z.string()),
  body: z.string(),
  lat: z.number(),
  long: z.number(),
  zoom_level: z.number().int(),
  facilities_ids: z.array(z.number()),
})
export type LandingPage = z.infer<typeof LandingPage>

/** spec: §5 "at least one facility must be chosen". */
export const SELECT_FACILITY_MESSAGE = 'Please select at least one facility.'

/** Location ids, each once, at least one; an id that names no location is 422 from the database. */
export const facilityIds = () =>
  z
    .array(id({ error: SELECT_FACILITY_MESSAGE }), { error: SELECT_FACILITY_MESSAGE })
    .min(1, SELECT_FACILITY_MESSAGE)
    .max(1000)
    .transform((ids) => [...new Set(ids)])

const SHORT_NAME_MESSAGE = 'Short name may have lower-case letters, digits and single dashes only.'

const landingPageFields = {
  header_image_src: imageLocation(),
  image_alt: optionalText(300),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  keywords: textList(),
  body: markdownBody(),
  lat: coordinate('Latitude'),
  long: coordinate('Longitude'),
  zoom_level: zoomLevel(),
  facilities_ids: facilityIds(),
}

/** POST /api/landing_pages: the short name is the page's address (`/landing-pages/{short_name}`); a taken one is 409. */
export const CreateLandingPageInput = z.object({
  short_name: text({ error: 'Short Name is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Short Name is required')
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SHORT_NAME_MESSAGE),
  full_name: requiredText('Full Name is required', 200),
  ...landingPageFields,
})
export type CreateLandingPageInput = z.input<typeof CreateLandingPageInput>

/** PUT /api/landing_pages/{short_name}: short and full name are read-only once created; a body that sends them has them ignored. */
export const UpdateLandingPageInput = z.object(landingPageFields)
export type UpdateLandingPageInput = z.input<typeof UpdateLandingPageInput>

/** Landing pages: /landing-pages, /landing-pages/new, /landing-pages/{short_name} (spec: admin-console-part-2 §2, §3, §5, §8, §9). */
export const landingPagesResource = defineResource({
  name: 'landing_page',
  api: '/api/landing_pages',
  page: '/landing-pages',
  screen: '/landing-pages',
  key: 'short_name',
  record: LandingPage,
  create: CreateLandingPageInput,
  update: UpdateLandingPageInput,
  sort: 'full_name',
  list: { sorts: ['short_name', 'full_name'], search: ['short_name', 'full_name'] },
  labels: {
    singular: 'Landing Page',
    plural: 'Landing Pages',
    create: 'New Landing Page',
    edit: 'Edit Landing Page',
    description: 'Metro-area pages of the public website, each listing the facilities it promotes.',
  },
  fields: [
    { key: 'short_name', label: 'Short Name', kind: 'text', required: true, max: 100, readOnlyOnEdit: true },
    { key: 'full_name', label: 'Full Name', kind: 'text', required: true, max: 200, readOnlyOnEdit: true },
    { key: 'header_image_src', label: 'Header Image', kind: 'image' },
    { key: 'image_alt', label: 'Image Alt Text', kind: 'text', max: 300 },
    ...placeFields,
    // spec: 'Keywords (Deprecated)' on edit; a new landing page does not start using them (decision record 016).
    { key: 'keywords', label: 'Keywords', kind: 'tags', deprecated: true, hiddenOnCreate: true },
    { key: 'body', label: 'Body', kind: 'markdown' },
  ],
  columns: [
    { kind: 'position', label: '#' },
    { key: 'short_name', label: 'Short Name' },
    { key: 'full_name', label: 'Full Name' },
    { key: 'header_image_src', label: 'Header Image', kind: 'thumbnail' },
  ],
  messages: {
    notFound: 'Landing Page code is not valid.',
    createFailed: 'Failed to create landing page.',
    updateFailed: 'Failed to update contents.',
    created: 'Successfully created the landing page!',
    saved: 'Successfully updated the contents!',
    deleted: 'Landing page deleted',
    deleteFailed: 'Failed to delete landing page.',
    confirmDelete: 'Are you sure you want to delete this landing page?',
  },
  example: {
    short_name: 'lake-country',
    full_name: 'Self Storage in Lake Country',
    header_image_src: '/img/facility-front-morning.jpg',
    image_alt: 'Gated entrance of a Harbor Point facility',
    lat: 43.07,
    long: -88.39,
    zoom_level: 10,
    body: '## Storage around the lakes\n\n- Drive-up units\n- Boat & RV parking',
    facilities_ids: [1],
  },
})
