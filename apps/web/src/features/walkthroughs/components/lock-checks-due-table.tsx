import { Anchor, Badge, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDate } from '@storageops/contracts/brand-report-rules'
import { countOf } from '@storageops/contracts/counts'
import { WALKTHROUGH_STATUS_LABELS, WALKTHROUGH_TEXT } from '@storageops/contracts/walkthrough-rules'
import type { LockCheckRow, LockChecksDue } from '@storageops/contracts/walkthroughs'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import type { ResponsiveColumn } from '../../../components/ui/responsive-table.tsx'
import type { ListParams } from '../../../lib/list-params.ts'

const archiveOf = (row: LockCheckRow) => `/snapshot/${row.site_code}/walkthroughs`

function LastCheck({ row }: { row: LockCheckRow }) {
  if (row.last_full_walkthrough_id === null) return <Text fz="sm">{WALKTHROUGH_TEXT.neverChecked}</Text>
  return (
    <Text fz="sm">
      <Anchor
        component={Link}
        to={`${archiveOf(row)}/${row.last_full_walkthrough_id}`}
        fz="sm"
        fw={600}
        aria-label={`Last full walkthrough of ${row.site_code}, ${formatDate(row.last_full_walkthrough_at)}`}
      >
        {formatDate(row.last_full_walkthrough_at)}
      </Anchor>{' '}
      ({countOf(row.days_since ?? 0, 'day')} ago)
    </Text>
  )
}

function UnderWay({ row }: { row: LockCheckRow }) {
  const open = row.open_walkthrough
  if (!open)
    return (
      <Anchor component={Link} to={archiveOf(row)} fz="sm" aria-label={`Walkthroughs of ${row.site_code}`}>
        {WALKTHROUGH_TEXT.archive}
      </Anchor>
    )
  return (
    <Anchor
      component={Link}
      to={`${archiveOf(row)}/${open.id}`}
      fz="sm"
      aria-label={`${WALKTHROUGH_STATUS_LABELS[open.status]} walkthrough of ${row.site_code}`}
    >
      <Badge component="span" variant="light" color={open.status === 'paused' ? 'gray' : 'blue'} mr={6}>
        {WALKTHROUGH_STATUS_LABELS[open.status]}
      </Badge>
      {open.checked_count.toLocaleString('en-US')} of {open.unit_count.toLocaleString('en-US')}
    </Anchor>
  )
}

const facilityCell = (row: LockCheckRow) => (
  <Anchor component={Link} to={`/${row.slug}`} fz="sm" fw={600}>
    {row.facility_name}
  </Anchor>
)

const columns: ResponsiveColumn<LockCheckRow>[] = [
  { key: 'facility', header: 'Facility', sort: 'facility_name', cell: facilityCell },
  { key: 'site_code', header: 'Site Code', sort: 'site_code', nowrap: true, cell: (row) => row.site_code },
  { key: 'city', header: 'City', sort: 'city', cell: (row) => row.city },
  { key: 'state', header: 'State', sort: 'state', cell: (row) => row.state },
  {
    key: 'last',
    header: 'Last full walkthrough',
    sort: 'last_full_walkthrough_at',
    nowrap: true,
    cell: (row) => <LastCheck row={row} />,
  },
  { key: 'walkthrough', header: 'Walkthrough', cell: (row) => <UnderWay row={row} /> },
]

/** The facilities due a lock check (issue 31): the URL's server page, searched and sorted on the server. */
export function LockChecksDueTable({ query, list }: { query: UseQueryResult<LockChecksDue>; list: ListParams }) {
  return (
    <PagedTable
      query={query}
      list={list}
      loadingLabel="Loading facilities…"
      label="Facilities due a lock check"
      search={{ label: 'Search facilities', placeholder: 'Search by Site Code, name, city or state...' }}
      count={(count, q) => `${countOf(count, 'facility', 'facilities')} due${q ? ` matching “${q}”` : ''}`}
      rowKey={(row) => row.site_code}
      columns={columns}
      empty={list.q ? 'No facility due matches the search.' : WALKTHROUGH_TEXT.noneDue}
      minWidth={860}
    />
  )
}
