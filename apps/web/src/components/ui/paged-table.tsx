import { useEffect, type ReactNode } from 'react'
import { Box, Pagination, Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { RecordsPage } from '@storageops/contracts/list-query'
import { errorMessage } from '../../lib/error-message.ts'
import type { ListParams } from '../../lib/list-params.ts'
import { FormError } from './form-error.tsx'
import { ListHeader } from './list-header.tsx'
import { ResponsiveTable, type ResponsiveTableProps } from './responsive-table.tsx'
import { SkeletonRows } from './skeleton-rows.tsx'

const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }

/** A server list's typing waits this long before it asks (ms). */
export const LIST_SEARCH_DEBOUNCE_MS = 250

export interface PagedListProps<Row> {
  query: UseQueryResult<RecordsPage<Row>>
  list: ListParams
  /** The list's accessible name ('Locations'): its load error's title and its page buttons' name. */
  label: string
  loadingLabel: string
  loadingRows?: number
  /** The search box's name and placeholder; its text is the URL's `q`. */
  search?: { label: string; placeholder: string }
  /** The header's count line, from the whole (searched) list's count. */
  count?: (count: number, q: string) => ReactNode
  headerActions?: ReactNode
}

/**
 * A server-paged list (DESIGN §13) drawn by `children` from one page's rows, with header, skeleton, load error and page
 * buttons; while another page loads the rows stay, dimmed and `aria-busy`. A page past the end moves to the last.
 */
export function PagedList<Row>({
  query,
  list,
  label,
  loadingLabel,
  loadingRows = 5,
  search,
  count,
  headerActions,
  children,
}: PagedListProps<Row> & { children: (rows: Row[]) => ReactNode }) {
  const total = query.data?.count ?? 0
  const pages = Math.ceil(total / list.pageSize)
  const busy = query.isFetching && query.isPlaceholderData
  const pastEnd = query.data !== undefined && !busy && list.page > Math.max(pages, 1)
  const { setPage } = list
  useEffect(() => {
    if (pastEnd) setPage(Math.max(pages, 1))
  }, [pastEnd, pages, setPage])
  return (
    <Stack gap="lg">
      {(search || count || headerActions) && (
        <ListHeader
          search={search && { ...search, value: list.q, onChange: list.setQ, debounceMs: LIST_SEARCH_DEBOUNCE_MS }}
          count={count && query.data ? count(total, list.q.trim()) : undefined}
          busy={busy}
          actions={headerActions}
        />
      )}
      {query.isPending && <SkeletonRows label={loadingLabel} rows={loadingRows} />}
      <FormError
        message={query.isError && errorMessage(query.error, 'Please try again.')}
        title={`${label} could not be loaded`}
        onRetry={() => void query.refetch()}
      />
      {query.data && (
        <Box aria-busy={busy} style={{ opacity: busy ? 0.6 : undefined, transition: 'opacity 150ms' }}>
          {children(query.data.rows)}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(list.page, pages)}
          onChange={list.setPage}
          aria-label={`${label} pages`}
          getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
        />
      )}
    </Stack>
  )
}

/** PagedList drawn as a ResponsiveTable whose `sort` columns sort on the server. */
export function PagedTable<Row>({
  query,
  list,
  loadingLabel,
  loadingRows,
  search,
  count,
  headerActions,
  ...table
}: Omit<PagedListProps<Row>, 'label'> & Omit<ResponsiveTableProps<Row>, 'rows' | 'sorting'>) {
  const sortable = table.columns.some((column) => column.sort)
  return (
    <PagedList {...{ query, list, loadingLabel, loadingRows, search, count, headerActions }} label={table.label}>
      {(rows) => (
        <ResponsiveTable
          rows={rows}
          sorting={
            sortable
              ? { sort: list.sort, order: list.order, onSort: list.toggleSort, onChoose: list.setSort }
              : undefined
          }
          {...table}
        />
      )}
    </PagedList>
  )
}
