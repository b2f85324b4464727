import { z } from 'zod'
import type { AdminPagePath } from './admin-pages.ts'
import type { FieldDescriptor } from './fields.ts'

/** Admin resources declared once, as data, without callbacks (DESIGN §9, docs/decisions/009-resource-declarations.md). */

type AnyObject = z.ZodObject
type KeyOf<Schema extends AnyObject> = keyof z.output<Schema> & string

/**
 * A list column. 'text' shows the value, 'excerpt' its first line shortened, 'thumbnail' a 40×40 image of
 * the URL, 'position' the row's number in the list (1, 2, …; the spec's "Number" and "#").
 */
export type ResourceColumn<RecordKey extends string = string> =
  { kind?: 'text' | 'excerpt' | 'thumbnail'; key: RecordKey; label: string } | { kind: 'position'; label: string }

/** The spec's texts of a resource's screens; every one is written out, none is made up by the machinery. */
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
  /** Record fields the list sorts by on request; their columns get sortable headers. */
  sorts: readonly [Field, ...Field[]]
  /** Text fields `q` is looked for in (anywhere, any case). */
  search: readonly [Field, ...Field[]]
}

/** Rows a page of a paged resource list (`list`) when `limit` is not sent, and on its screen. */
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
  /** Audit entity and code name, singular: 'review'. */
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
  /** The record field that names one record in URLs: 'id', or e.g. 'short_name'. */
  key: Key
  record: RecordSchema
  create: Create
  /** PUT body: the create body unless adding and editing differ. */
  update: Update
  /** GET list query: equality filters on record fields (GET /api/settings?name=maintenance). */
  query: Query
  /** The list's order (ascending, then the key); the key when not given. */
  sort: KeyOf<RecordSchema>
  /**
   * A list that grows with the operator (DESIGN §13): `GET {api}` also takes `limit`, `offset`, `sort` (one of
   * `sorts`), `order` and `q` (found in the `search` fields) and then answers one page as `{ rows, count }`; the
   * list screen pages on the server, RESOURCE_PAGE_SIZE rows a page. Left out, the list is read whole.
   */
  list?: ResourceListOptions<KeyOf<RecordSchema>>
  labels: ResourceLabels
  fields: readonly FieldDescriptor<KeyOf<Create>>[]
  columns: readonly ResourceColumn<KeyOf<RecordSchema>>[]
  messages: ResourceMessages
  /** A valid create body: the OpenAPI example, and what the declaration-driven tests type into the form. */
  example: z.input<Create>
  /**
   * Served read-only without a token at `/api/public/{name}` and `/api/public/{name}/{key}`, `{name}` being
   * the last segment of `api`: only these record fields, one record named by `key` (the declaration's key
   * when not given). Left out, the resource is not public.
   */
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

/** Declares a resource: the declaration as given, with the PUT body, list query and order filled in. */
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

/** The edit screen's path of one record (`:key` gives the router's pattern). */
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
