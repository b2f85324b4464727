import { z } from 'zod'
import type { AdminPagePath } from './admin-pages.ts'
import type { FieldDescriptor } from './fields.ts'

/** Admin resources declared once, as data, without callbacks (DESIGN §9, decision 009). */

type AnyObject = z.ZodObject
type KeyOf<Schema extends AnyObject> = keyof z.output<Schema> & string

/**
 * A list column. 'text' shows the value, 'excerpt' its first line shortened, 'thumbnail' a 40×40 image of
 * the URL, 'position' the row's number in the list (1, 2, …; the spec's "Number" and "#").
 */
export type ResourceColumn<RecordKey extends string = string> =
  { kind?: 'text' | 'excerpt' | 'thumbnail'; key: RecordKey; label: string } | { kind: 'position'; label: string }

/** The spec's texts of a resource's screens, each written out. */
export interface ResourceMessages {
  /** Shown when the edit screen's record cannot be loaded; the screen then returns to the list. */
  notFound: string
  createFailed: string
  updateFailed: string
  /** Toast after a create or update, before the screen returns to the list. */
  saved: string
  /** Toast after a create when it differs from `saved` ('Successfully created the state!'). */
  created?: string
  deleted: string
  deleteFailed: string
  confirmDelete: string
}

export interface ResourceListOptions<Field extends string = string> {
  sorts: readonly [Field, ...Field[]]
  /** Text fields `q` is looked for in (anywhere, any case). */
  search: readonly [Field, ...Field[]]
}

/** Rows a page of a paged resource list when `limit` is not sent. */
export const RESOURCE_PAGE_SIZE = 25

export interface ResourceLabels {
  /** One record, e.g. 'Review'; the server's 404 says '{singular} not found'. */
  singular: string
  plural: string
  /** The create screen's title and the list's button, e.g. 'Add Review'. */
  create: string
  edit: string
  description: string
}

export interface ResourceDeclaration<
  RecordSchema extends AnyObject = AnyObject,
  Create extends AnyObject = AnyObject,
  Update extends AnyObject = AnyObject,
  Query extends AnyObject = AnyObject,
  Key extends KeyOf<RecordSchema> = KeyOf<RecordSchema>,
> {
  name: string
  /** The API base path as the spec writes it: '/api/reviews'; one record is `{api}/{key}`. */
  api: `/api/${string}`
  page: AdminPagePath
  /** The screens' base path: list at `{screen}`, create at `{screen}/new`, edit at `{screen}/{key}`. */
  screen: `/${string}`
  /** Where the list is when not at `screen` (questions: '/faq', beside the library). */
  listScreen?: `/${string}`
  /** Where edit screens are when not under `screen`: `{editScreen}/{key}` (pages: '/pages/edit'). */
  editScreen?: `/${string}`
  key: Key
  record: RecordSchema
  create: Create
  update: Update
  /** GET list query: equality filters on record fields (GET /api/settings?name=maintenance). */
  query: Query
  /** The list's order (ascending, then the key); the key when not given. */
  sort: KeyOf<RecordSchema>
  /** Grows with the operator (DESIGN §13): `GET {api}` pages on `limit`/`offset`/`sort`/`order`/`q` as `{ rows, count }`. */
  list?: ResourceListOptions<KeyOf<RecordSchema>>
  labels: ResourceLabels
  fields: readonly FieldDescriptor<KeyOf<Create>>[]
  columns: readonly ResourceColumn<KeyOf<RecordSchema>>[]
  messages: ResourceMessages
  /** A valid create body: the OpenAPI example, and what the declaration-driven tests type into the form. */
  example: z.input<Create>
  /** Served read-only without a token at `/api/public/{name}[/{key}]`: only these fields; `key` defaults to the key. */
  public?: { fields: readonly KeyOf<RecordSchema>[]; key?: KeyOf<RecordSchema> }
}

export type AnyResource = ResourceDeclaration<AnyObject, AnyObject, AnyObject, AnyObject, string>
export type ResourceRecord<D extends AnyResource> = z.output<D['record']>
export type ResourceCreate<D extends AnyResource> = z.input<D['create']>
export type ResourceUpdate<D extends AnyResource> = z.input<D['update']>
export type ResourceKey<D extends AnyResource> = ResourceRecord<D>[D['key']]

type Declared<
  RecordSchema extends AnyObject,
  Create extends AnyObject,
  Update extends AnyObject,
  Query extends AnyObject,
  Key extends KeyOf<RecordSchema>,
> = Omit<ResourceDeclaration<RecordSchema, Create, Update, Query, Key>, 'update' | 'query' | 'sort'> & {
  update?: Update
  query?: Query & (KeyOf<Query> extends KeyOf<RecordSchema> ? unknown : 'query filters must be record fields')
  sort?: KeyOf<RecordSchema>
}

export function defineResource<
  RecordSchema extends AnyObject,
  Create extends AnyObject,
  Key extends KeyOf<RecordSchema>,
  Update extends AnyObject = Create,
  Query extends AnyObject = z.ZodObject<Record<never, z.ZodType>>,
>(
  declaration: Declared<RecordSchema, Create, Update, Query, Key>,
): ResourceDeclaration<RecordSchema, Create, Update, Query, Key> {
  return Object.freeze({
    ...declaration,
    update: declaration.update ?? (declaration.create as unknown as Update),
    query: declaration.query ?? (z.object({}) as unknown as Query),
    sort: declaration.sort ?? declaration.key,
  })
}

export const listScreenOf = (declaration: AnyResource) => declaration.listScreen ?? declaration.screen

export const editScreenOf = (declaration: AnyResource, key: string | number) =>
  `${declaration.editScreen ?? declaration.screen}/${key === ':key' ? key : encodeURIComponent(String(key))}`

/** The name of a public resource in `/api/public/{name}`: the last segment of its API path ('states'). */
export const publicNameOf = (declaration: AnyResource) => declaration.api.slice(declaration.api.lastIndexOf('/') + 1)

export function hasNumericKey(declaration: AnyResource): boolean {
  return declaration.record.shape[declaration.key] instanceof z.ZodNumber
}

/** Refused with the spec's message when missing or blank after trimming; `max` in characters. */
export function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max)
}

/** A text the form may leave empty: trimmed, '' when missing. `max` is the longest text in characters. */
export function optionalText(max: number) {
  return z.string().trim().max(max).default('')
}
