import { createHash } from 'node:crypto'
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  type Column,
  type InferInsertModel,
  type InferSelectModel,
} from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { ListQuery, RecordsPage } from '@storageops/contracts/list-query'
import { RESOURCE_PAGE_SIZE, type AnyResource, type ResourceRecord } from '@storageops/contracts/resource'
import {
  changedFields,
  type ResourceVersion,
  type ResourceVersionSummary,
  type VersionAction,
} from '@storageops/contracts/resource-versions'
import type { Db, Tx } from '../db/client.ts'
import { resourceVersions } from '../db/schema.ts'
import { recordAudit, type AuditActor } from './audit.ts'
import { readPage, type ListColumns } from './list-query.ts'
import { badRequest, conflict, HttpError, notFound, unprocessable } from './http-error.ts'

/** A declaration bound to its hand-written table (DESIGN §9). */
export interface ResourceStore<D extends AnyResource = AnyResource, T extends PgTable = PgTable> {
  declaration: D
  table: T
}

type Fits<D extends AnyResource, T extends PgTable> =
  InferSelectModel<T> extends ResourceRecord<D>
    ? z.output<D['create']> extends InferInsertModel<T>
      ? z.output<D['update']> extends Partial<InferInsertModel<T>>
        ? true
        : 'the PUT body does not fit the table'
      : 'the POST body does not fit the table'
    : 'the table rows do not carry every record field'

/** Compile-time check that rows carry every record field and bodies can be written as they are. */
export function resourceStore<D extends AnyResource, T extends PgTable>(
  declaration: D,
  table: T,
  ..._fits: Fits<D, T> extends true ? [] : [problem: Fits<D, T>]
): ResourceStore<D, T> {
  return { declaration, table }
}

type Row = Record<string, unknown>
type KeyValue = string | number

function columnOf(store: ResourceStore, name: string): Column {
  const column = (getTableColumns(store.table) as Record<string, Column>)[name]
  if (!column) throw new Error(`${store.declaration.name}: the table has no column ${name}`)
  return column
}

function toRecord<D extends AnyResource>(store: ResourceStore<D>, row: Row): ResourceRecord<D> {
  return Object.fromEntries(
    Object.keys(store.declaration.record.shape).map((key) => [key, row[key]]),
  ) as ResourceRecord<D>
}

const notFoundError = (store: ResourceStore) =>
  notFound(`${store.declaration.labels.singular} not found`, store.declaration.key)

/** PostgreSQL's unique_violation (23505) as 409 naming the field, whether Drizzle wrapped the driver error or not. */
function asConflict(store: ResourceStore, error: unknown): unknown {
  let current: unknown = error
  while (current && typeof current === 'object') {
    const { code, detail } = current as { code?: unknown; detail?: unknown }
    if (code === '23505') {
      // 'Key (name)=(x)', or 'Key (state, name)=(…)' for a constraint over several columns: the last one names it.
      const columnNames = /Key \(([^)]+)\)=/.exec(typeof detail === 'string' ? detail : '')?.[1]?.split(', ') ?? []
      const columnName = columnNames.at(-1)?.replace(/"/g, '')
      const key = Object.entries(getTableColumns(store.table)).find(([, column]) => column.name === columnName)?.[0]
      const label = store.declaration.fields.find((field) => field.key === key)?.label ?? key ?? 'value'
      const singular = store.declaration.labels.singular.toLowerCase()
      return conflict(`A ${singular} with this ${label.toLowerCase()} already exists.`, key ? { field: key } : {})
    }
    current = (current as { cause?: unknown }).cause
  }
  return error
}

function filtersOf(store: ResourceStore, query: Record<string, unknown>) {
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => eq(columnOf(store, name), value))
  return filters.length ? and(...filters) : undefined
}

export async function listResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  query: Record<string, unknown> = {},
): Promise<ResourceRecord<D>[]> {
  const rows = await db
    .select()
    .from(store.table)
    .where(filtersOf(store, query))
    .orderBy(asc(columnOf(store, store.declaration.sort)), asc(columnOf(store, store.declaration.key)))
  return rows.map((row) => toRecord(store, row))
}

function listColumnsOf(store: ResourceStore): ListColumns<string> {
  const { declaration } = store
  const { sorts, search } = declaration.list!
  return {
    sorts: Object.fromEntries(sorts.map((name) => [name, columnOf(store, name)])),
    key: columnOf(store, declaration.key),
    defaultOrder: [asc(columnOf(store, declaration.sort))],
    search: search.map((name) => columnOf(store, name)),
    defaultLimit: RESOURCE_PAGE_SIZE,
  }
}

/** One page of a declaration with `list` (DESIGN §13) and how many match; the key breaks ties. */
export async function listResourcePage<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  query: ListQuery & Record<string, unknown>,
): Promise<RecordsPage<ResourceRecord<D>>> {
  const { limit, offset, sort, order, q, ...filters } = query
  return readPage(
    db,
    store.table,
    listColumnsOf(store),
    { limit, offset, sort, order, q },
    (row) => toRecord(store, row),
    filtersOf(store, filters),
  )
}

export async function getResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  key: KeyValue,
): Promise<ResourceRecord<D>> {
  const [row] = await db
    .select()
    .from(store.table)
    .where(eq(columnOf(store, store.declaration.key), key))
    .limit(1)
  if (!row) throw notFoundError(store)
  return toRecord(store, row)
}

/** A strong ETag of a record's content, so a change made by any path (API, job, SQL) changes it. */
export function etagOf(record: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 22)}"`
}

/** An If-Match header against the current ETag: '*', or any of its comma-separated tags (weak ones compared as strong). */
function matchesEtag(ifMatch: string, etag: string): boolean {
  if (ifMatch.trim() === '*') return true
  return ifMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

export interface WriteOptions {
  ifMatch?: string
}

const BASELINE_ACTOR = 'Before version history'

function actorName(actor: AuditActor): { actor_user_id: number | null; actor_name: string } {
  if (actor.kind === 'system') return { actor_user_id: null, actor_name: actor.name }
  if (actor.kind === 'field') return { actor_user_id: null, actor_name: actor.user.full_name || actor.user.username }
  const name = `${actor.user.firstName} ${actor.user.lastName}`.trim()
  return { actor_user_id: actor.user.id, actor_name: name || actor.user.email }
}

const recordFields = (store: ResourceStore) =>
  Object.keys(store.declaration.record.shape).filter((field) => field !== store.declaration.key)

const versionSummary = {
  version: resourceVersions.version,
  action: resourceVersions.action,
  changed_fields: resourceVersions.changed_fields,
  actor_name: resourceVersions.actor_name,
  created_at: resourceVersions.created_at,
  etag: resourceVersions.etag,
  restored_from: resourceVersions.restored_from,
}
type VersionRow = { [K in keyof typeof versionSummary]: (typeof resourceVersions.$inferSelect)[K] }
const toSummary = (row: VersionRow): ResourceVersionSummary => ({ ...row, created_at: row.created_at.toISOString() })

const versionsOf = (store: ResourceStore, key: KeyValue) =>
  and(eq(resourceVersions.resource, store.declaration.name), eq(resourceVersions.record_key, String(key)))

/** 412 with the versions written since the one whose ETag the client sent (else the latest) and who changed what. */
async function staleWrite(tx: Tx, store: ResourceStore, key: KeyValue, ifMatch: string, etag: string) {
  const tags = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  const based = await basedOn(tx, store, key, tags)
  const changes = (
    await tx
      .select(versionSummary)
      .from(resourceVersions)
      .where(based === null ? versionsOf(store, key) : and(versionsOf(store, key), gt(resourceVersions.version, based)))
      .orderBy(desc(resourceVersions.version))
      .limit(based === null ? 1 : 50)
  )
    .reverse()
    .map(toSummary)
  const { labels, fields } = store.declaration
  const labelOf = (field: string) => fields.find((candidate) => candidate.key === field)?.label ?? field
  const names = [...new Set(changes.map((change) => change.actor_name))]
  const changed = [...new Set(changes.flatMap((change) => change.changed_fields))].map(labelOf)
  const who = names.length ? names.join(' and ') : 'Someone'
  const what = changed.length ? ` (${changed.join(', ')})` : ''
  return new HttpError(
    412,
    'precondition_failed',
    `${who} changed this ${labels.singular.toLowerCase()} since you opened it${what}.`,
    undefined,
    { etag, changes },
  )
}

async function basedOn(tx: Tx, store: ResourceStore, key: KeyValue, tags: string[]): Promise<number | null> {
  const rows = await tx
    .select({ version: resourceVersions.version, etag: resourceVersions.etag })
    .from(resourceVersions)
    .where(versionsOf(store, key))
    .orderBy(desc(resourceVersions.version))
  return rows.find((row) => tags.includes(row.etag))?.version ?? null
}

/** The record a write changes, under a row lock so writers take turns. Throws 404, and 412 for a stale `ifMatch`. */
async function lockRecord<D extends AnyResource>(
  tx: Tx,
  store: ResourceStore<D>,
  key: KeyValue,
  options: WriteOptions = {},
) {
  const [row] = await tx
    .select()
    .from(store.table)
    .where(eq(columnOf(store, store.declaration.key), key))
    .for('update')
  if (!row) throw notFoundError(store)
  const record = toRecord(store, row)
  if (options.ifMatch !== undefined && !matchesEtag(options.ifMatch, etagOf(record)))
    throw await staleWrite(tx, store, key, options.ifMatch, etagOf(record))
  return record
}

interface ResourceWrite<D extends AnyResource> {
  action: 'create' | 'update' | 'delete'
  key: KeyValue
  before: ResourceRecord<D> | null
  after: ResourceRecord<D> | null
  restoredFrom?: number
}

/** Every declared write commits here: audit entry and version ('baseline' first); no change makes no version. */
async function commitWrite<D extends AnyResource>(
  tx: Tx,
  store: ResourceStore<D>,
  write: ResourceWrite<D>,
  actor: AuditActor,
) {
  const action = write.restoredFrom ? 'restore' : write.action
  await recordAudit(tx, actor, action, store.declaration.name, write.key, write.before, write.after)
  const changed = write.action === 'delete' ? [] : changedFields(recordFields(store), write.before, write.after)
  if (write.action === 'update' && changed.length === 0) return
  const [last] = await tx
    .select({ version: resourceVersions.version })
    .from(resourceVersions)
    .where(versionsOf(store, write.key))
    .orderBy(desc(resourceVersions.version))
    .limit(1)
  let version = (last?.version ?? 0) + 1
  const base = { resource: store.declaration.name, record_key: String(write.key) }
  if (!last && write.before) {
    await tx.insert(resourceVersions).values({
      ...base,
      version: version++,
      action: 'baseline',
      data: write.before,
      etag: etagOf(write.before),
      actor_user_id: null,
      actor_name: BASELINE_ACTOR,
    })
  }
  const data = (write.after ?? write.before)!
  await tx.insert(resourceVersions).values({
    ...base,
    version,
    action: action satisfies VersionAction,
    changed_fields: changed,
    data,
    etag: etagOf(data),
    restored_from: write.restoredFrom ?? null,
    ...actorName(actor),
  })
}

const keyOf = <D extends AnyResource>(store: ResourceStore<D>, record: ResourceRecord<D>) =>
  (record as Row)[store.declaration.key] as KeyValue

/** Creates a record from a parsed POST body. Throws 409 naming the field when a unique value is taken. Audited. */
export async function createResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  input: z.output<D['create']>,
  actor: AuditActor,
): Promise<ResourceRecord<D>> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(store.table)
        .values(input as Row)
        .returning()
      const after = toRecord(store, row as Row)
      await commitWrite(tx, store, { action: 'create', key: keyOf(store, after), before: null, after }, actor)
      return after
    })
  } catch (error) {
    throw asConflict(store, error)
  }
}

/**
 * The PUT body's refinements on the record as the write leaves it (a rule may read a field the body left out); 400
 * naming a field the body sends. Refinements of untouched fields are not asked again, so old values do not block.
 */
function checkRecordRules<D extends AnyResource>(store: ResourceStore<D>, before: ResourceRecord<D>, values: Row) {
  const editable = Object.keys(store.declaration.update.shape)
  const after = Object.fromEntries(
    editable.map((field) => [field, field in values ? values[field] : (before as Row)[field]]),
  )
  const issue = store.declaration.update
    .safeParse(after)
    .error?.issues.find((candidate) => candidate.code === 'custom' && String(candidate.path[0]) in values)
  if (issue) throw badRequest(issue.message, issue.path.join('.'))
}

async function writeUpdate<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  key: KeyValue,
  values: (before: ResourceRecord<D>, tx: Tx) => Promise<Row> | Row,
  actor: AuditActor,
  options: WriteOptions & { restoredFrom?: number },
): Promise<ResourceRecord<D>> {
  const hasUpdatedAt = 'updatedAt' in getTableColumns(store.table)
  try {
    return await db.transaction(async (tx) => {
      const before = await lockRecord(tx, store, key, options)
      const changes = await values(before, tx)
      checkRecordRules(store, before, changes)
      const [row] = await tx
        .update(store.table)
        .set({ ...changes, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) })
        .where(eq(columnOf(store, store.declaration.key), key))
        .returning()
      const after = toRecord(store, row as Row)
      const write = { action: 'update' as const, key: keyOf(store, after), before, after }
      await commitWrite(tx, store, { ...write, restoredFrom: options.restoredFrom }, actor)
      return after
    })
  } catch (error) {
    throw asConflict(store, error)
  }
}

/** Fields left out of the PUT body keep their value. Throws 404, 409, and 412 for a stale `options.ifMatch`. */
export async function updateResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  key: KeyValue,
  input: z.output<D['update']>,
  actor: AuditActor,
  options: WriteOptions = {},
): Promise<ResourceRecord<D>> {
  return writeUpdate(db, store, key, () => input as Row, actor, options)
}

/** Deletes a record and answers it as it was. Throws 404, 412 as for update. Audited and versioned. */
export async function deleteResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  key: KeyValue,
  actor: AuditActor,
  options: WriteOptions = {},
): Promise<ResourceRecord<D>> {
  return db.transaction(async (tx) => {
    const before = await lockRecord(tx, store, key, options)
    await tx.delete(store.table).where(eq(columnOf(store, store.declaration.key), key))
    await commitWrite(tx, store, { action: 'delete', key, before, after: null }, actor)
    return before
  })
}

/** A record's versions, newest first, without their data. Throws 404 when the record has none and does not exist. */
export async function listVersions(db: Db, store: ResourceStore, key: KeyValue): Promise<ResourceVersionSummary[]> {
  const rows = await db
    .select(versionSummary)
    .from(resourceVersions)
    .where(versionsOf(store, key))
    .orderBy(desc(resourceVersions.version))
  if (rows.length === 0) await getResource(db, store, key)
  return rows.map(toSummary)
}

/** One version with the record as it was. Throws 404 '{singular} version {n} not found'. */
export async function getVersion(
  db: Db,
  store: ResourceStore,
  key: KeyValue,
  version: number,
): Promise<ResourceVersion> {
  const [row] = await db
    .select({ ...versionSummary, data: resourceVersions.data })
    .from(resourceVersions)
    .where(and(versionsOf(store, key), eq(resourceVersions.version, version)))
  if (!row) throw notFound(`${store.declaration.labels.singular} version ${version} not found`, 'version')
  return { ...toSummary(row), data: row.data }
}

/** Writes a version's PUT-body fields back as a new version; 422 naming the field when today's schema refuses them. */
export async function restoreVersion<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  key: KeyValue,
  version: number,
  actor: AuditActor,
  options: WriteOptions = {},
): Promise<ResourceRecord<D>> {
  const old = await getVersion(db, store, key, version)
  if (old.action === 'delete')
    throw unprocessable('A deleted record’s last version cannot be restored over it.', 'version')
  const editable = Object.keys(store.declaration.update.shape)
  const parsed = store.declaration.update.safeParse(
    Object.fromEntries(editable.filter((field) => field in old.data).map((field) => [field, old.data[field]])),
  )
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw unprocessable(`Version ${version} cannot be restored: ${issue.message}`, issue.path.join('.'))
  }
  return writeUpdate(db, store, key, () => parsed.data as Row, actor, { ...options, restoredFrom: version })
}

/** The public fields of a record, in the declaration's order (issue 20: nothing internal leaves). */
export function publicFieldsOf(store: ResourceStore, record: Row): Row {
  return Object.fromEntries((store.declaration.public?.fields ?? []).map((field) => [field, record[field]]))
}

export async function listPublic(db: Db, store: ResourceStore): Promise<Row[]> {
  return (await listResource(db, store)).map((record) => publicFieldsOf(store, record as Row))
}

/** One record's public fields, found by the public key. Throws 404. */
export async function getPublic(db: Db, store: ResourceStore, key: KeyValue): Promise<Row> {
  const field = store.declaration.public?.key ?? store.declaration.key
  const [row] = await db
    .select()
    .from(store.table)
    .where(eq(columnOf(store, field), key))
    .limit(1)
  if (!row) throw notFoundError(store)
  return publicFieldsOf(store, toRecord(store, row))
}
