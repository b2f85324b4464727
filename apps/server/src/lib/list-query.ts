import { and, count, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { ListQueryOf, RecordsPage } from '@storageops/contracts/list-query'
import type { Db, Tx } from '../db/client.ts'

/** How one list is read page by page (DESIGN §13, decision 021). */
export interface ListColumns<Sort extends string> {
  sorts: Record<Sort, AnyColumn | SQL>
  /** Last in every order, so rows that tie on the sorted column keep one order from page to page. */
  key: AnyColumn
  /** The spec's order of the list when no `sort` is sent; the key is added after it. */
  defaultOrder: readonly SQL[]
  /** Text columns `q` is looked for in (anywhere, any case); each has a GIN trigram index (pg_trgm). */
  search?: readonly AnyColumn[]
  defaultLimit: number
}

/** `ORDER BY` of a query: the sorted column in its direction, empty values last either way, then the key. */
export function listOrderBy<Sort extends string>(list: ListColumns<Sort>, query: ListQueryOf<Sort>): SQL[] {
  if (!query.sort) return [...list.defaultOrder, sql`${list.key} asc`]
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`
  return [sql`${list.sorts[query.sort]} ${direction} nulls last`, sql`${list.key} ${direction}`]
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** Rows whose search columns hold `q` (ILIKE, served by their trigram indexes); undefined without `q`. */
export function listSearch(list: Pick<ListColumns<string>, 'search'>, q: string | undefined): SQL | undefined {
  if (!q || !list.search?.length) return undefined
  const pattern = `%${escapeLike(q)}%`
  return or(...list.search.map((column) => sql`${column} ilike ${pattern}`))
}

export function listWindow(
  list: Pick<ListColumns<string>, 'defaultLimit'>,
  query: { limit?: number; offset?: number },
) {
  return { limit: query.limit ?? list.defaultLimit, offset: query.offset ?? 0 }
}

export async function countRows(db: Db | Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where)
  return row?.value ?? 0
}

/** One page of a single-table list and its count; lists with joins build theirs from the pieces above. */
export async function readPage<Sort extends string, T extends PgTable, Row>(
  db: Db | Tx,
  table: T,
  list: ListColumns<Sort>,
  query: ListQueryOf<Sort>,
  toRow: (row: T['$inferSelect']) => Row,
  filter?: SQL,
): Promise<RecordsPage<Row>> {
  const where = and(filter, listSearch(list, query.q))
  const { limit, offset } = listWindow(list, query)
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...listOrderBy(list, query))
      .limit(limit)
      .offset(offset),
    countRows(db, table, where),
  ])
  return { rows: rows.map((row) => toRow(row as T['$inferSelect'])), count: total }
}
