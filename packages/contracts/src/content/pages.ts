import { z } from 'zod'
import { defineResource, optionalText } from '../resource.ts'
import { markdownBody } from './content-schemas.ts'

/** A website page (spec: admin-console-part-2 §3 "Page"); `title` is shown as Meta Title. */
export const Page = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  meta_description: z.string(),
  content: z.string(),
})
export type Page = z.infer<typeof Page>

export const PAGE_NAME_MESSAGES = {
  required: 'Name is required',
  pattern: 'Name may use lower-case letters, digits and dashes: it is the page’s address.',
  fixed: 'The name of a page cannot be changed.',
} as const

/** The page's address on the website: lower-cased and trimmed, then 'about-us' style. */
const pageName = z
  .string({ error: PAGE_NAME_MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, { error: PAGE_NAME_MESSAGES.required, abort: true })
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PAGE_NAME_MESSAGES.pattern)

const pageFields = {
  title: optionalText(200),
  meta_description: optionalText(500),
  content: markdownBody(),
}

export const CreatePageInput = z.object({ name: pageName, ...pageFields })
export type CreatePageInput = z.input<typeof CreatePageInput>

/** The name is fixed after creation (spec: §2), so an edit carries the rest. */
export const UpdatePageInput = z.object(pageFields)
export type UpdatePageInput = z.input<typeof UpdatePageInput>

/** POST /api/pages creates without `id`, edits with it (§7); an edit's `name`, when sent, must be the page's own. */
export const SavePageInput = CreatePageInput.extend({
  id: z.number().int().min(1).max(2_147_483_647).optional(),
  name: pageName.optional(),
})
export type SavePageInput = z.input<typeof SavePageInput>

/** Pages: /pages, /pages/new, /pages/edit/{id} (spec: admin-console-part-2 §2, §3, §7, §8). */
export const pagesResource = defineResource({
  name: 'page',
  api: '/api/pages',
  page: '/pages',
  screen: '/pages',
  editScreen: '/pages/edit',
  key: 'id',
  record: Page,
  create: CreatePageInput,
  update: UpdatePageInput,
  sort: 'name',
  labels: {
    singular: 'Page',
    plural: 'Pages',
    create: 'New Page',
    edit: 'Edit Page',
    description: 'Stand-alone pages of the website, such as About Us and the privacy policy.',
  },
  fields: [
    {
      key: 'name',
      label: 'Name',
      kind: 'text',
      required: true,
      max: 100,
      readOnlyOnEdit: true,
      description: 'The page’s address, e.g. about-us. It cannot be changed later.',
    },
    { key: 'title', label: 'Meta Title', kind: 'text', max: 200 },
    { key: 'meta_description', label: 'Meta Description', kind: 'textarea', max: 500 },
    { key: 'content', label: 'Content', kind: 'markdown', minHeight: 400 },
  ],
  columns: [
    { kind: 'position', label: '#' },
    { key: 'name', label: 'Name' },
    { key: 'title', label: 'Meta Title' },
    { key: 'meta_description', label: 'Meta Description', kind: 'excerpt' },
  ],
  messages: {
    notFound: 'Page not found',
    createFailed: 'Failed to create page.',
    updateFailed: 'Failed to update contents.',
    saved: 'Data saved successfully',
    deleted: 'Page deleted',
    deleteFailed: 'Failed to delete page.',
    confirmDelete: 'Are you sure you want to delete this page?',
  },
  example: {
    name: 'moving-checklist',
    title: 'Moving Checklist | Harbor Point Self Storage',
    meta_description: 'What to do four weeks, two weeks and one day before you move.',
    content: '| When | What |\n|---|---|\n| 4 weeks | Reserve a unit |',
  },
  public: { fields: ['id', 'name', 'title', 'meta_description', 'content'], key: 'name' },
})
