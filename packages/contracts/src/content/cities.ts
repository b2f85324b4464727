import { z } from 'zod'
import { defineResource, optionalText, requiredText } from '../resource.ts'
import { US_STATE_OPTIONS } from '../us-states.ts'
import { coordinate, imageLocation, placeFields, markdownBody, stateCode, zoomLevel } from './content-schemas.ts'

/** A city's page on the public website (spec: admin-console-part-2 §3 "City"); `state` is a two-letter code. */
export const City = z.object({
  id: z.number().int(),
  state: z.string(),
  name: z.string(),
  lat: z.number(),
  long: z.number(),
  zoom_level: z.number().int(),
  meta_title: z.string(),
  meta_description: z.string(),
  image_src: z.string(),
  image_alt: z.string(),
  body: z.string(),
})
export type City = z.infer<typeof City>

/** POST /api/cities and PUT /api/cities/{id}: one page per city of a state (409 for a second). */
export const CityInput = z.object({
  state: stateCode('State must be a two-letter state code.'),
  name: requiredText('Name is required', 100),
  lat: coordinate('Latitude'),
  long: coordinate('Longitude'),
  zoom_level: zoomLevel(),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  image_src: imageLocation(),
  image_alt: optionalText(300),
  body: markdownBody(),
})
export type CityInput = z.input<typeof CityInput>

/** Cities (spec: admin-console-part-2 §2, §3, §7, §8); the spec's `DELETE /api/city/{id}` is written by hand. */
export const citiesResource = defineResource({
  name: 'city',
  api: '/api/cities',
  page: '/cities',
  screen: '/cities',
  key: 'id',
  record: City,
  create: CityInput,
  sort: 'name',
  // One page per city with a facility: thousands at the largest operator's size.
  list: { sorts: ['name', 'state'], search: ['name', 'state'] },
  labels: {
    singular: 'City',
    plural: 'Cities',
    create: 'New City',
    edit: 'Edit City',
    description: 'City pages of the public website, one for each city with a facility.',
  },
  fields: [
    { key: 'state', label: 'State', kind: 'select', options: US_STATE_OPTIONS, required: true },
    { key: 'name', label: 'Name', kind: 'text', required: true, max: 100 },
    ...placeFields,
    { key: 'image_src', label: 'Image', kind: 'image' },
    { key: 'image_alt', label: 'Image Alt Text', kind: 'text', max: 300 },
    { key: 'body', label: 'Body', kind: 'markdown' },
  ],
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'state', label: 'State' },
    { key: 'meta_title', label: 'Meta Title', kind: 'excerpt' },
  ],
  messages: {
    notFound: 'City ID is not valid',
    createFailed: 'Failed to create city.',
    updateFailed: 'Failed to update city.',
    created: 'Successfully created the city!',
    saved: 'Successfully updated the city!',
    deleted: 'City deleted',
    deleteFailed: 'Failed to delete city.',
    confirmDelete: 'Are you sure you want to delete this city?',
  },
  example: {
    state: 'VT',
    name: 'Burlington',
    lat: 44.4759,
    long: -73.2121,
    zoom_level: 11,
    meta_title: 'Self Storage in Burlington, VT',
    body: 'Storage near **Church Street** and the waterfront.',
  },
  public: {
    fields: [
      'id',
      'state',
      'name',
      'lat',
      'long',
      'zoom_level',
      'meta_title',
      'meta_description',
      'image_src',
      'image_alt',
      'body',
    ],
  },
})
