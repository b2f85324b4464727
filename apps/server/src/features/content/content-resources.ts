import { reviewsResource } from '@storageops/contracts/content/reviews'
import { settingsResource } from '@storageops/contracts/content/settings'
import { reviews, settings } from '../../db/schema.ts'
import { resourceStore } from '../../lib/resource-service.ts'

/** Reviews (spec: admin-console-part-2 §2–§8) on the `reviews` table. */
export const reviewStore = resourceStore(reviewsResource, reviews)

/**
 * Settings (spec: admin-console-part-2 §2–§8) on the `settings` table. The top bar's maintenance toggle
 * uses the same calls (admin-console-part-1 §7), so it needs /settings too.
 */
export const settingStore = resourceStore(settingsResource, settings)
