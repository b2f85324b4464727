import { Anchor, Group, Text } from '@mantine/core'
import type { ColumnDef, ColumnSort, Row } from '@tanstack/react-table'
import { Link } from 'react-router'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'
import { formatDate } from '@storageops/contracts/brand-report-rules'
import { compareFacilityNames } from '@storageops/contracts/task-rules'
import { VirtualSortableTable } from '../../../components/ui/virtual-sortable-table.tsx'

/** Dates sort by time; facilities without one sort first when ascending. */
const byTime =
  (key: 'last_full_walkthrough_at' | 'last_brand_standards_at') =>
  (left: Row<FacilityOverviewRow>, right: Row<FacilityOverviewRow>) =>
    (left.original[key] ? Date.parse(left.original[key]) : 0) -
    (right.original[key] ? Date.parse(right.original[key]) : 0)

const columns: ColumnDef<FacilityOverviewRow>[] = [
  {
    id: 'facility',
    header: 'Facility',
    accessorFn: (row) => row.facility_name,
    sortingFn: (left, right) => compareFacilityNames(left.original.facility_name, right.original.facility_name),
    cell: ({ row }) => (
      <Text fz="sm" fw={600} miw={190}>
        {row.original.facility_name}
        <Text span c="gray.7" fz="xs" fw={400} ml={6}>
          {row.original.site_code}
        </Text>
      </Text>
    ),
  },
  {
    id: 'maintenance_tech',
    header: 'Maintenance Tech',
    accessorFn: (row) => row.primary_field_staff?.full_name ?? '',
    sortingFn: 'text',
    cell: ({ row }) => (
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }} c={row.original.primary_field_staff ? undefined : 'gray.7'}>
        {row.original.primary_field_staff?.full_name ?? '—'}
      </Text>
    ),
  },
  {
    id: 'last_full_walkthrough',
    header: 'Last Full WalkThrough',
    accessorFn: (row) => row.last_full_walkthrough_at ?? '',
    sortingFn: byTime('last_full_walkthrough_at'),
    cell: ({ row }) => {
      const { site_code: siteCode, last_full_walkthrough: walkthrough, last_full_walkthrough_at: at } = row.original
      return (
        <Group gap="sm" wrap="nowrap">
          {walkthrough ? (
            <Anchor
              component={Link}
              to={`/snapshot/${siteCode}/walkthroughs/${walkthrough.id}`}
              fz="sm"
              fw={600}
              aria-label={`Last full walkthrough of ${siteCode}, ${formatDate(at)}`}
            >
              {formatDate(at)}
            </Anchor>
          ) : (
            // Before a facility's first full walkthrough, its latest completed inspection stands here (decision 024).
            <Text fz="sm" c={at ? undefined : 'gray.7'} style={{ whiteSpace: 'nowrap' }}>
              {at ? `${formatDate(at)} (inspection)` : '—'}
            </Text>
          )}
          <Anchor
            component={Link}
            to={`/snapshot/${siteCode}/walkthroughs`}
            fz="sm"
            aria-label={`Walkthroughs of ${siteCode}`}
          >
            Walkthroughs
          </Anchor>
        </Group>
      )
    },
  },
  {
    id: 'last_brand_standards',
    header: 'Last Brand Standards',
    accessorFn: (row) => row.last_brand_standards_at ?? '',
    sortingFn: byTime('last_brand_standards_at'),
    cell: ({ row }) => {
      const { site_code: siteCode, last_brands_report: last, last_brand_standards_at: at } = row.original
      return (
        <Group gap="sm" wrap="nowrap">
          {last ? (
            <Anchor
              component={Link}
              to={`/snapshot/${siteCode}/brands-report/${last.id}`}
              fz="sm"
              fw={600}
              aria-label={`Latest brand standards report of ${siteCode}, ${formatDate(at)}`}
            >
              {formatDate(at)}
            </Anchor>
          ) : (
            <Text fz="sm" c="gray.7">
              —
            </Text>
          )}
          <Anchor
            component={Link}
            to={`/snapshot/${siteCode}/brands-report/archive`}
            fz="sm"
            aria-label={`Archive of ${siteCode} brand standards reports`}
          >
            Archive
          </Anchor>
        </Group>
      )
    },
  },
  {
    id: 'tasks_past_due',
    header: 'Tasks Past Due',
    accessorKey: 'tasks_past_due_count',
    cell: ({ row }) => (
      <Text
        fz="sm"
        fw={row.original.tasks_past_due_count > 0 ? 700 : 400}
        c={row.original.tasks_past_due_count > 0 ? 'red.9' : undefined}
      >
        {row.original.tasks_past_due_count}
      </Text>
    ),
  },
  {
    id: 'open_tasks',
    header: 'Open Tasks',
    accessorKey: 'open_tasks_count',
    cell: ({ row }) => (
      <Anchor
        component={Link}
        to={`/snapshot/facility-tasks/${row.original.site_code}`}
        fz="sm"
        aria-label={`${row.original.open_tasks_count} open tasks of ${row.original.site_code}`}
      >
        {row.original.open_tasks_count}
      </Anchor>
    ),
  },
]

/** The sort names the page keeps in its address: the columns' ids. */
export const FACILITY_OVERVIEW_SORTS = columns.map((column) => column.id!)

/** The Dashboard's facility table (spec: snapshot-field-tool §2), drawn only in view (issue 30: 4,000 facilities). */
export function FacilityOverviewTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: FacilityOverviewRow[]
  sort: ColumnSort | null
  onSortChange: (sort: ColumnSort | null) => void
}) {
  return (
    <VirtualSortableTable
      rows={rows}
      columns={columns}
      minWidth={960}
      caption="Facilities"
      rowKey={(row) => row.site_code}
      sort={sort}
      onSortChange={onSortChange}
      virtual={{
        maxHeight: 'max(20rem, calc(100dvh - 12rem))',
        rowHeight: 53,
        cardHeight: 260,
        testId: 'dashboard-facility-rows',
      }}
    />
  )
}
