import { z } from 'zod'
import type { FieldDescriptor } from '../fields.ts'
import { optionalText } from '../resource.ts'
import { imageLocation, markdownBody } from './content-schemas.ts'

/** The public website's homepage content, one record (spec: admin-console-part-2 §3 "Homepage content"). */
export const HomepageContent = z.object({
  id: z.number(),
  title1: z.string(),
  title2: z.string(),
  title3: z.string(),
  hero_subheader: z.string(),
  hero_body: z.string(),
  page_subheader: z.string(),
  page_body: z.string(),
  review_header: z.string(),
  img_url: z.string(),
})
export type HomepageContent = z.infer<typeof HomepageContent>

/** POST /api/homepage: the whole content; the answer is the list of one record (spec: §7). */
export const SaveHomepageInput = z.object({
  title1: optionalText(200),
  title2: optionalText(200),
  title3: optionalText(200),
  hero_subheader: optionalText(300),
  hero_body: markdownBody(),
  page_subheader: optionalText(300),
  page_body: markdownBody(),
  review_header: optionalText(300),
  img_url: imageLocation(),
})
export type SaveHomepageInput = z.input<typeof SaveHomepageInput>

/** POST /api/homepage's body: every field required (400 naming a missing one), so a save never blanks one (issue 35). */
export const SaveHomepageBody = z.preprocess((body, context) => {
  if (body && typeof body === 'object')
    for (const key of Object.keys(SaveHomepageInput.shape))
      if (!(key in body))
        context.addIssue({ code: 'custom', path: [key], message: `${key} is missing: send every field.` })
  return body
}, SaveHomepageInput)

export const HOMEPAGE_SAVED_MESSAGE = 'Homepage updated successfully'
export const SELECT_FILE_FIRST_MESSAGE = 'Please select a file first.'

type HomepageKey = keyof z.input<typeof SaveHomepageInput>

/** The form's sections (spec: §2 Homepage): titles, then header and page. */
export const HOMEPAGE_TITLE_FIELDS: readonly FieldDescriptor<HomepageKey>[] = [
  { key: 'title1', label: 'Title 1', kind: 'text', max: 200 },
  { key: 'title2', label: 'Title 2', kind: 'text', max: 200 },
  { key: 'title3', label: 'Title 3', kind: 'text', max: 200 },
]
export const HOMEPAGE_PAGE_FIELDS: readonly FieldDescriptor<HomepageKey>[] = [
  { key: 'hero_subheader', label: 'Hero Subheader', kind: 'text', max: 300 },
  { key: 'hero_body', label: 'Hero Body', kind: 'markdown' },
  { key: 'page_subheader', label: 'Page Subheader', kind: 'text', max: 300 },
  { key: 'page_body', label: 'Page Body', kind: 'markdown' },
  { key: 'review_header', label: 'Seed Review Header', kind: 'text', max: 300 },
  {
    key: 'img_url',
    label: 'Image URL',
    kind: 'image',
    description: 'The image the homepage shows beside the hero text; the hero and kiosk images are uploaded above.',
  },
]
