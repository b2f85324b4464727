import { and, asc, eq, getTableColumns, type Column, type InferInsertModel, type InferSelectModel } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { AnyResource, ResourceRecord } from '@storageops/contracts/resource'
import type { Db, Tx } from '../db/client.ts'
import { recordAudit, type AuditActor } from './audit.ts'
import { conflict, notFound } from './http-error.ts'

/** A declaration bound to its hand-written table (DESIGN §9); every write locks its record and commits through `commitWrite`. */
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

/** Compile-time check that rows carry every record field and the bodies can be written as they are (else a third argument names the problem). */
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
      const columnName = /Key \("?([^)"]+)"?\)=/.exec(typeof detail === 'string' ? detail : '')?.[1]
      const key = Object.entries(getTableColumns(store.table)).find(([, column]) => column.name === columnName)?.[0]
      const label = store.declaration.fields.find((field) => field.key === key)?.label ?? key ?? 'value'
      const singular = store.declaration.labels.singular.toLowerCase()
      return conflict(`A ${singular} with this ${label.toLowerCase()} already exists.`, key ? { field: key } : {})
    }
    current = (current as { cause?: unknown }).cause
  }
  return error
}

export async function listResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  query: Record<string, unknown> = {},
): Promise<ResourceRecord<D>[]> {
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => eq(columnOf(store, name), value))
  const rows = await db
    .select()
    .from(store.table)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(columnOf(store, store.declaration.sort)))
  return rows.map((row) => toRecord(store, row))
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

/**
 * The record a write is about to change, read under a row lock in the write's transaction so writers
 * of one record take turns. Throws 404. (Issue 20: the If-Match check against this record goes here.)
 */
async function lockRecord<D extends AnyResource>(tx: Tx, store: ResourceStore<D>, key: KeyValue) {
  const [row] = await tx
    .select()
    .from(store.table)
    .where(eq(columnOf(store, store.declaration.key), key))
    .for('update')
  if (!row) throw notFoundError(store)
  return toRecord(store, row)
}

interface ResourceWrite<D extends AnyResource> {
  action: 'create' | 'update' | 'delete'
  key: KeyValue
  before: ResourceRecord<D> | null
  after: ResourceRecord<D> | null
}

/**
 * The one place every write of a declared resource passes, inside its transaction: the audit entry
 * (who, when, before, after). Issue 20's version row (who, when, changed fields) is written here too.
 */
async function commitWrite<D extends AnyResource>(
  tx: Tx,
  store: ResourceStore<D>,
  write: ResourceWrite<D>,
  actor: AuditActor,
) {
  await recordAudit(tx, actor, write.action, store.declaration.name, write.key, write.before, write.after)
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

/** Updates a record from a parsed PUT body (fields left out keep their value). Throws 404, 409. Audited. */
export async function updateResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  key: KeyValue,
  input: z.output<D['update']>,
  actor: AuditActor,
): Promise<ResourceRecord<D>> {
  const hasUpdatedAt = 'updatedAt' in getTableColumns(store.table)
  try {
    return await db.transaction(async (tx) => {
      const before = await lockRecord(tx, store, key)
      const [row] = await tx
        .update(store.table)
        .set({ ...(input as Row), ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) })
        .where(eq(columnOf(store, store.declaration.key), key))
        .returning()
      const after = toRecord(store, row as Row)
      await commitWrite(tx, store, { action: 'update', key: keyOf(store, after), before, after }, actor)
      return after
    })
  } catch (error) {
    throw asConflict(store, error)
  }
}

/** Deletes a record and answers it as it was. Throws 404. Audited. */
export async function deleteResource<D extends AnyResource>(
  db: Db,
  store: ResourceStore<D>,
  key: KeyValue,
  actor: AuditActor,
): Promise<ResourceRecord<D>> {
  return db.transaction(async (tx) => {
    const before = await lockRecord(tx, store, key)
    await tx.delete(store.table).where(eq(columnOf(store, store.declaration.key), key))
    await commitWrite(tx, store, { action: 'delete', key, before, after: null }, actor)
    return before
  })
}
