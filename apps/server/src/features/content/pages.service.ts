import type { z } from 'zod'
import { PAGE_NAME_MESSAGES, type Page, type SavePageInput } from '@storageops/contracts/content/pages'
import type { Db } from '../../db/client.ts'
import type { AuditActor } from '../../lib/audit.ts'
import { badRequest } from '../../lib/http-error.ts'
import { createResource, getResource, updateResource, type WriteOptions } from '../../lib/resource-service.ts'
import { pageStore } from './content-resources.ts'

/** Without `id` creates (409 for a taken name); with `id` edits (404, 412; a different name is 400). */
export async function savePage(
  db: Db,
  input: z.output<typeof SavePageInput>,
  actor: AuditActor,
  options: WriteOptions = {},
): Promise<{ page: Page; created: boolean }> {
  const { id, name, ...fields } = input
  if (id === undefined) {
    if (name === undefined) throw badRequest(PAGE_NAME_MESSAGES.required, 'name')
    return { page: await createResource(db, pageStore, { name, ...fields }, actor), created: true }
  }
  const current = await getResource(db, pageStore, id)
  if (name !== undefined && name !== current.name) throw badRequest(PAGE_NAME_MESSAGES.fixed, 'name')
  return { page: await updateResource(db, pageStore, id, fields, actor, options), created: false }
}
