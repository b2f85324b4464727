import type { Page } from '@storageops/contracts/content/pages'
import { api } from '../../../lib/api.ts'

/**
 * An edit of a page through the spec's one `POST /api/pages`, with the page's `id` (admin-console-part-2 §7);
 * `etag` goes as If-Match, so a change saved since is refused (412) as with the other resources.
 */
export function savePageEdit(id: string | number, body: unknown, etag?: string | null) {
  return api.post<Page>('/api/pages', { ...(body as object), id: Number(id) }, etag ? { 'if-match': etag } : undefined)
}
