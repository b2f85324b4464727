import { Anchor, Stack, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDateTime } from '@storageops/contracts/date-time'
import type { WalkthroughList, WalkthroughSummary } from '@storageops/contracts/walkthroughs'
import { WALKTHROUGH_TEXT, formatDuration } from '@storageops/contracts/walkthrough-rules'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import type { ResponsiveColumn } from '../../../components/ui/responsive-table.tsx'
import type { ListParams } from '../../../lib/list-params.ts'
import { WalkthroughStateBadge, discrepancyText } from './walkthrough-summary.tsx'

const linkTo = (row: WalkthroughSummary) => `/snapshot/${row.location_code}/walkthroughs/${row.id}`
const walkers = (row: WalkthroughSummary) =>
  (row.walkers.length > 0 ? row.walkers : [row.started_by]).map((walker) => walker.full_name).join(', ')

const columns: ResponsiveColumn<WalkthroughSummary>[] = [
  {
    key: 'started',
    header: 'Date',
    sort: 'started_at',
    nowrap: true,
    cell: (row) => (
      <Anchor component={Link} to={linkTo(row)} fw={600} fz="sm">
        {formatDateTime(row.started_at)}
      </Anchor>
    ),
  },
  { key: 'state', header: 'State', cell: (row) => <WalkthroughStateBadge status={row.status} full={row.full} /> },
  { key: 'walkers', header: 'Walked by', cell: walkers },
  {
    key: 'checked',
    header: 'Units checked',
    align: 'right',
    cell: (row) => `${row.checked_count.toLocaleString('en-US')} of ${row.unit_count.toLocaleString('en-US')}`,
  },
  {
    key: 'discrepancies',
    header: 'Discrepancies',
    cell: (row) => (
      <Text fz="sm" maw={320}>
        {discrepancyText(row.discrepancies)}
      </Text>
    ),
  },
  { key: 'duration', header: 'Duration', nowrap: true, cell: (row) => formatDuration(row.duration_seconds) },
]

/** A facility's walkthrough archive (issue 31), like the brand-report archive: the URL's server page, newest first. */
export function WalkthroughTable({ query, list }: { query: UseQueryResult<WalkthroughList>; list: ListParams }) {
  return (
    <PagedTable
      query={query}
      list={list}
      loadingLabel="Loading walkthroughs…"
      label="Walkthroughs"
      rowKey={(row) => row.id}
      columns={columns}
      empty={WALKTHROUGH_TEXT.noWalkthroughs}
      minWidth={820}
      card={(row) => (
        <Stack gap={4} align="flex-start">
          <Anchor component={Link} to={linkTo(row)} fw={700}>
            {formatDateTime(row.started_at)}
          </Anchor>
          <WalkthroughStateBadge status={row.status} full={row.full} />
          <Text fz="sm">
            {row.checked_count.toLocaleString('en-US')} of {row.unit_count.toLocaleString('en-US')} units ·{' '}
            {formatDuration(row.duration_seconds)}
          </Text>
          <Text fz="sm">Discrepancies: {discrepancyText(row.discrepancies)}</Text>
          <Text fz="sm" c="gray.7">
            {walkers(row)}
          </Text>
        </Stack>
      )}
    />
  )
}
