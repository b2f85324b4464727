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

export const PublishResult = z.object({
  message: z.string(),
  requested_at: z.string(),
  target: z
    .enum(['hook', 'recorded'])
    .describe("'hook' when PUBLISH_HOOK_URL was called, 'recorded' when only recorded"),
  cooldown_seconds: z.number().int(),
})
export type PublishResult = z.infer<typeof PublishResult>
