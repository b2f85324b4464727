import { Anchor, Badge, Stack, Text } from '@mantine/core'
import type { ColumnDef } from '@tanstack/react-table'
import { Link } from 'react-router'
import type { BrandsReportSummary } from '@storageops/contracts/brand-reports'
import { noPhotosText } from '@storageops/contracts/brand-report-rules'
import { formatDateTime } from '@storageops/contracts/date-time'
import { SortableTable } from '../../../components/ui/sortable-table.tsx'

function columnsFor(siteCode: string): ColumnDef<BrandsReportSummary>[] {
  return [
    {
      id: 'report_submit_at',
      header: 'Date Time',
      accessorFn: (row) => Date.parse(row.report_submit_at),
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={`/snapshot/${siteCode}/brands-report/${row.original.id}`}
          fw={600}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatDateTime(row.original.report_submit_at)}
        </Anchor>
      ),
    },
    { id: 'photos_count', header: 'Photos', accessorKey: 'photos_count' },
    {
      id: 'notes',
      header: 'Notes',
      accessorFn: (row) => row.notes ?? '',
      sortingFn: 'text',
      cell: ({ row }) => (
        <Text fz="sm" lineClamp={2} maw={420} c={row.original.notes ? undefined : 'gray.7'}>
          {row.original.notes ?? '—'}
        </Text>
      ),
    },
    {
      id: 'completed',
      header: 'Completed',
      accessorFn: (row) => (row.completed ? 1 : 0),
      cell: ({ row }) => (
        <Stack gap={4} align="flex-start">
          <Badge color={row.original.completed ? 'teal.9' : 'gray.7'} radius="sm">
            {row.original.completed ? 'Yes' : 'No'}
          </Badge>
          {row.original.missing_standards.length > 0 && (
            <Text fz="xs" c="gray.7" maw={220}>
              {noPhotosText(row.original.missing_standards)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'user',
      header: 'User',
      accessorFn: (row) => row.report_submit_by.full_name,
      sortingFn: 'text',
      cell: ({ row }) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.original.report_submit_by.full_name}
        </Text>
      ),
    },
  ]
}

/** The brand-standards report list (spec: snapshot-field-tool §2); every column sorts. */
export function BrandsReportTable({ siteCode, reports }: { siteCode: string; reports: BrandsReportSummary[] }) {
  return (
    <SortableTable
      rows={reports}
      columns={columnsFor(siteCode)}
      minWidth={720}
      caption="Brand standards reports"
      rowKey={(row) => String(row.id)}
    />
  )
}
