import { z } from 'zod'
import { defineResource, optionalText, requiredText } from '../resource.ts'
import { US_STATE_OPTIONS } from '../us-states.ts'
import {
  coordinate,
  imageLocation,
  placeFields,
  markdownBody,
  stateCode,
  textList,
  zoomLevel,
} from './content-schemas.ts'

/** A state's page on the public website (spec: admin-console-part-2 §3 "State"). */
export const State = z.object({
  short_name: z.string(),
  full_name: z.string(),
  lat: z.number(),
  long: z.number(),
  zoom_level: z.number().int(),
  meta_title: z.string(),
  meta_description: z.string(),
  map_img: z.string(),
  image_src: z.string(),
  image_alt: z.string(),
  keywords: z.array(z.string()),
  body: z.string(),
  lease_template_url: z.string(),
  sboa_addendum: z.string(),
  sboa_additional_documents: z.array(z.string()),
  general_contact_number: z.string(),
})
export type State = z.infer<typeof State>

const stateFields = {
  full_name: requiredText('Full Name is required', 100),
  lat: coordinate('Latitude'),
  long: coordinate('Longitude'),
  zoom_level: zoomLevel(),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  map_img: imageLocation(),
  image_src: imageLocation(),
  image_alt: optionalText(300),
  keywords: textList(),
  body: markdownBody(),
  lease_template_url: optionalText(2000),
  sboa_addendum: optionalText(2000),
  sboa_additional_documents: textList({ max: 2000 }),
  general_contact_number: optionalText(40),
}

/** POST /api/states: the code is one of the 56 (spec: §2), a duplicate is 409. */
export const CreateStateInput = z.object({ short_name: stateCode(), ...stateFields })
export type CreateStateInput = z.input<typeof CreateStateInput>

/** PUT /api/states/{short_name}: the code names the page and stays. */
export const UpdateStateInput = z.object(stateFields)
export type UpdateStateInput = z.input<typeof UpdateStateInput>

/** States: /states, /states/new, /states/{short_name} (spec: admin-console-part-2 §2, §3, §5, §8, §9). */
export const statesResource = defineResource({
  name: 'state',
  api: '/api/states',
  page: '/states',
  screen: '/states',
  key: 'short_name',
  record: State,
  create: CreateStateInput,
  update: UpdateStateInput,
  sort: 'full_name',
  labels: {
    singular: 'State',
    plural: 'States',
    create: 'New State',
    edit: 'Edit State',
    description: 'State pages of the public website: text, map position, lease template and SBOA documents.',
  },
  fields: [
    {
      key: 'short_name',
      label: 'State',
      kind: 'select',
      options: US_STATE_OPTIONS,
      required: true,
      readOnlyOnEdit: true,
    },
    { key: 'full_name', label: 'Full Name', kind: 'text', required: true, max: 100 },
    ...placeFields,
    { key: 'map_img', label: 'Map Image', kind: 'image' },
    { key: 'image_src', label: 'Image', kind: 'image' },
    { key: 'image_alt', label: 'Image Alt Text', kind: 'text', max: 300 },
    { key: 'keywords', label: 'Keywords', kind: 'tags', deprecated: true },
    { key: 'body', label: 'Body', kind: 'markdown' },
    { key: 'lease_template_url', label: 'Lease Template URL', kind: 'url' },
    {
      key: 'sboa_addendum',
      label: 'SBOA Addendum',
      kind: 'url',
      description: 'Address of the SBOA lease addendum for this state.',
    },
    {
      key: 'sboa_additional_documents',
      label: 'SBOA Additional Documents',
      kind: 'tags',
      description: 'Addresses of further SBOA documents, one per entry.',
    },
    { key: 'general_contact_number', label: 'General Contact Number', kind: 'phone', max: 40 },
  ],
  columns: [
    { key: 'full_name', label: 'Name' },
    { key: 'short_name', label: 'Code' },
    { key: 'meta_title', label: 'Meta Title', kind: 'excerpt' },
    { key: 'image_src', label: 'Image', kind: 'thumbnail' },
  ],
  messages: {
    notFound: 'State code is not valid.',
    createFailed: 'Failed to create state.',
    updateFailed: 'Failed to update contents.',
    created: 'Successfully created the state!',
    saved: 'Successfully updated the contents!',
    deleted: 'State deleted',
    deleteFailed: 'Failed to delete state.',
    confirmDelete: 'Are you sure you want to delete this state?',
  },
  example: {
    short_name: 'VT',
    full_name: 'Vermont',
    lat: 44.558803,
    long: -72.577841,
    zoom_level: 7,
    meta_title: 'Self Storage in Vermont | Harbor Point',
    meta_description: 'Storage units across Vermont.',
    body: '## Storage in Vermont\n\n- [x] Heated units\n- [ ] Boat storage',
    keywords: ['vermont storage'],
    sboa_additional_documents: ['https://www.harborpointstorage.example/docs/vt-sboa-faq.pdf'],
  },
  public: {
    fields: [
      'short_name',
      'full_name',
      'lat',
      'long',
      'zoom_level',
      'meta_title',
      'meta_description',
      'map_img',
      'image_src',
      'image_alt',
      'body',
      'lease_template_url',
      'sboa_addendum',
      'sboa_additional_documents',
      'general_contact_number',
    ],
  },
})
