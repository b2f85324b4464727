import { z } from 'zod'
import type { AdminPagePath } from './admin-pages.ts'

/** The Rebuild CMS Pages button stays disabled this long after a click, and the server refuses a sooner rebuild (spec: admin-console-part-1 §4, §9). */
export const PUBLISH_COOLDOWN_SECONDS = 60

export const PUBLISH_MESSAGES = {
  success: 'Done, content updates will be published in a few minutes!',
  failure: 'Failed to publish contents.',
} as const

/** Who may rebuild the public website: a role allowed any page whose content the website shows. */
export const PUBLISHED_CONTENT_PAGES = [
  '/locations',
  '/states',
  '/cities',
  '/faq',
  '/settings',
  '/file-management',
  '/blogs',
  '/pages',
  '/marketing-features',
  '/landing-pages',
  '/homepage',
  '/reviews',
  '/unit-filters',
] as const satisfies readonly AdminPagePath[]

/** Most changes one rebuild lists; past it `truncated` asks the website for a full rebuild. */
export const PUBLISH_CHANGES_MAX = 1000

/** One record whose published content changed since the last rebuild (issue 20). */
export const PublishedChange = z.object({
  resource: z.string().describe("the public API's name: 'states', 'pages', …; 'locations', 'location_contents'"),
  key: z.string().nullable().describe('the record’s key; null for a change to many (a bulk edit)'),
  actions: z.array(z.string()).describe("what happened to it, in order: 'create', 'update', 'restore', 'delete', …"),
  changed_at: z.string().describe('ISO 8601, its latest change'),
  path: z.string().nullable().describe('its address in the public content API, while it exists there'),
})
export type PublishedChange = z.infer<typeof PublishedChange>

/** The rebuild hook's body and the rebuild's answer: what changed since the last rebuild that reached the website. */
export const PublishChanges = z.object({
  since: z.string().nullable().describe('ISO 8601 time of the last rebuild sent or recorded; null before the first'),
  changes: z.array(PublishedChange),
  truncated: z.boolean().describe(`more than ${PUBLISH_CHANGES_MAX} records changed: rebuild everything`),
})
export type PublishChanges = z.infer<typeof PublishChanges>

export const PublishResult = z
  .object({
    message: z.string(),
    requested_at: z.string(),
    target: z
      .enum(['hook', 'recorded'])
      .describe("'hook' when PUBLISH_HOOK_URL was called, 'recorded' when only recorded"),
    cooldown_seconds: z.number().int(),
  })
  .extend(PublishChanges.shape)
export type PublishResult = z.infer<typeof PublishResult>

/** GET /api/publish_contents: how long Rebuild CMS Pages still waits, for every signed-in browser alike. */
export const PublishCooldown = z.object({
  cooldown_remaining_seconds: z
    .number()
    .int()
    .describe('seconds until the next rebuild is allowed; 0 when allowed now'),
  last_requested_at: z.string().nullable().describe('ISO 8601 time of the last rebuild request; null before the first'),
})
export type PublishCooldown = z.infer<typeof PublishCooldown>
