import { z } from 'zod'
import { defineResource, requiredText } from '../resource.ts'
import { markdownBody, textList } from './content-schemas.ts'

/** A knowledge-base library article (spec: admin-console-part-2 §3 "Library/KB article"). */
export const Library = z.object({
  id: z.number().int(),
  topic: z.string(),
  keywords: z.array(z.string()),
  article: z.string(),
})
export type Library = z.infer<typeof Library>

/** Keywords are lower-cased on save (spec: §3, §5). */
export const LibraryInput = z.object({
  topic: requiredText('Topic is required', 200),
  keywords: textList({ max: 100, lowerCase: true }),
  article: markdownBody(),
})
export type LibraryInput = z.input<typeof LibraryInput>

/** Listed on /faq beside the questions (spec: admin-console-part-2 §2, §3, §5, §8). */
export const librariesResource = defineResource({
  name: 'library',
  api: '/api/libraries',
  page: '/faq',
  screen: '/faq/library',
  listScreen: '/faq',
  key: 'id',
  record: Library,
  create: LibraryInput,
  sort: 'topic',
  labels: {
    singular: 'Library',
    plural: 'Library',
    create: 'New Article',
    edit: 'Edit Article',
    description: 'Knowledge-base articles customers and staff search by keyword.',
  },
  fields: [
    { key: 'topic', label: 'Topic', kind: 'text', required: true, max: 200 },
    { key: 'keywords', label: 'Keywords', kind: 'tags', description: 'Saved in lower case.' },
    { key: 'article', label: 'Article', kind: 'markdown' },
  ],
  columns: [
    { kind: 'position', label: '#' },
    { key: 'topic', label: 'Topic' },
    { key: 'article', label: 'Article', kind: 'excerpt' },
  ],
  messages: {
    notFound: 'Library not found',
    createFailed: 'Failed to create contents.',
    updateFailed: 'Failed to update contents.',
    saved: 'Data saved successfully',
    deleted: 'Article deleted',
    deleteFailed: 'Failed to delete article.',
    confirmDelete: 'Are you sure you want to delete this article?',
  },
  example: {
    topic: 'Insurance',
    keywords: ['Insurance', 'Protection Plan'],
    article: 'Every unit needs **insurance** or our protection plan.',
  },
  public: { fields: ['id', 'topic', 'keywords', 'article'] },
})
