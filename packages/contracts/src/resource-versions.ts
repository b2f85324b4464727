import { z } from 'zod'
import { ErrorBody } from './errors.ts'

/** 'baseline': a record as it was before its first versioned write (demo data, older rows) (issue 20). */
export const VERSION_ACTIONS = ['baseline', 'create', 'update', 'restore', 'delete'] as const
export type VersionAction = (typeof VERSION_ACTIONS)[number]

export const ResourceVersionSummary = z.object({
  version: z.number().int().describe('1, 2, … per record'),
  action: z.enum(VERSION_ACTIONS),
  changed_fields: z.array(z.string()).describe('record fields this write changed; every filled field for a create'),
  actor_name: z.string().describe("who wrote it; 'Before version history' for a baseline"),
  created_at: z.string().describe('ISO 8601'),
  etag: z.string().describe('the record’s ETag after this write'),
  restored_from: z.number().int().nullable().describe('the version a restore wrote back'),
})
export type ResourceVersionSummary = z.infer<typeof ResourceVersionSummary>

/** One version with the whole record as it was after that write (as it was before, for a delete). */
export const ResourceVersion = ResourceVersionSummary.extend({ data: z.record(z.string(), z.unknown()) })
export type ResourceVersion = z.infer<typeof ResourceVersion>

/** 412: the current ETag and the versions written since the one the client read, oldest first (else the latest). */
export const StaleWriteBody = ErrorBody.extend({
  etag: z.string(),
  changes: z.array(ResourceVersionSummary),
})
export type StaleWriteBody = z.infer<typeof StaleWriteBody>

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

/** Field values compared as data: arrays and objects by content, null, undefined, '' and [] alike. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The fields among `fields` whose values differ between two records; against null, the filled ones. */
export function changedFields(
  fields: readonly string[],
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): string[] {
  return fields.filter((field) => !sameValue(before?.[field], after?.[field]))
}
