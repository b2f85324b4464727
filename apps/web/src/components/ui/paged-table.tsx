import type { ComponentProps } from 'react'
import { Pagination, Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { RecordsPage } from '../../lib/paged-query.ts'
import { errorMessage } from '../../lib/error-message.ts'
import { FormError } from './form-error.tsx'
import { ResponsiveTable } from './responsive-table.tsx'
import { SkeletonRows } from './skeleton-rows.tsx'

const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }

/**
 * A server-paged list (`usePagedQuery`): skeleton rows while the first page loads, the load error with
 * Try again, the rows as a ResponsiveTable, and page buttons once `count` needs more than one page.
 */
export function PagedTable<Row>({
  query,
  page,
  onPage,
  pageSize,
  loadingLabel,
  loadingRows = 5,
  ...table
}: {
  query: UseQueryResult<RecordsPage<Row>>
  page: number
  onPage: (page: number) => void
  pageSize: number
  loadingLabel: string
  loadingRows?: number
} & Omit<ComponentProps<typeof ResponsiveTable<Row>>, 'rows'>) {
  const pages = Math.ceil((query.data?.count ?? 0) / pageSize)
  return (
    <Stack gap="lg">
      {query.isPending && <SkeletonRows label={loadingLabel} rows={loadingRows} />}
      <FormError
        message={query.isError && errorMessage(query.error, 'Please try again.')}
        title={`${table.label} could not be loaded`}
        onRetry={() => void query.refetch()}
      />
      {query.data && <ResponsiveTable rows={query.data.rows} {...table} />}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          aria-label={`${table.label} pages`}
          getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
        />
      )}
    </Stack>
  )
}
