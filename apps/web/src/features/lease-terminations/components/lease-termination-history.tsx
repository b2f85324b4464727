import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { IconDownload, IconExternalLink } from '@tabler/icons-react'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import { formatDateTime } from '@storageops/contracts/date-time'
import {
  LEASE_TERMINATION_PAGE_SIZE,
  formatTimeOfDay,
  type LeaseTermination,
} from '@storageops/contracts/lease-terminations'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDownloadHistoryCsv } from '../api/download-history-csv.ts'
import { useLeaseTerminations } from '../api/get-lease-terminations.ts'

function NoticeLink({ row }: { row: LeaseTermination }) {
  if (row.notice_path)
    return (
      <Anchor
        href={row.notice_path}
        target="_blank"
        rel="noopener noreferrer"
        fz="sm"
        aria-label={`Notice ${row.id} (opens in a new tab)`}
      >
        <Group gap={4} component="span" wrap="nowrap">
          Notice <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    )
  return (
    <Badge
      color={row.status === 'failed' ? 'red' : 'gray'}
      variant="light"
      c={row.status === 'failed' ? 'red.9' : 'gray.8'}
    >
      {row.status === 'failed' ? 'Failed' : 'Sending…'}
    </Badge>
  )
}

const viewed = (row: LeaseTermination) => (row.viewed_at ? formatDateTime(row.viewed_at) : 'Not yet')
const sentAt = (row: LeaseTermination) => (row.sent_at ? formatDateTime(row.sent_at) : '—')

/** Lease Terminations History (spec: admin-console-part-2 §2), 10 per page. */
export function LeaseTerminationHistory() {
  const list = useListParams({ sorts: [], pageSize: LEASE_TERMINATION_PAGE_SIZE })
  const history = useLeaseTerminations(list)
  const download = useDownloadHistoryCsv()
  return (
    <Stack gap="lg">
      <PageHeader
        title="Lease Terminations History"
        back={{ to: '/lease-terminations', label: 'Back' }}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(undefined, {
                onError: (error) => showToast(errorMessage(error, 'The history could not be downloaded.'), 'error'),
              })
            }
          >
            Download
          </Button>
        }
      />
      <PagedTable
        query={history}
        list={list}
        loadingLabel="Loading lease terminations…"
        label="Lease terminations"
        rowKey={(row) => row.id}
        empty="No lease terminations yet."
        minWidth={1100}
        wideFrom="md"
        columns={[
          { key: 'id', header: '#', cell: (row) => row.id },
          { key: 'sent', header: 'Sent At', cell: sentAt, nowrap: true },
          { key: 'facility', header: 'Facility', cell: (row) => row.location.name },
          { key: 'units', header: 'Unit(s)', cell: (row) => row.units.join(', ') },
          { key: 'type', header: 'Type', cell: (row) => row.termination_type },
          { key: 'reason', header: 'Reason', cell: (row) => row.reason },
          {
            key: 'date',
            header: 'Termination Date',
            cell: (row) => formatCalendarDate(row.termination_date),
            nowrap: true,
          },
          {
            key: 'time',
            header: 'Termination Time',
            cell: (row) => formatTimeOfDay(row.termination_time),
            nowrap: true,
          },
          { key: 'viewed', header: 'Tenant Viewed', cell: viewed, nowrap: true },
          { key: 'notice', header: 'Notice', cell: (row) => <NoticeLink row={row} /> },
        ]}
        card={(row) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                #{row.id} · {row.units.join(', ')}
              </Text>
              <NoticeLink row={row} />
            </Group>
            <Text fz="sm">
              {row.location.name} · {row.termination_type}
            </Text>
            <Text fz="sm">{row.reason}</Text>
            <Text fz="sm" c="gray.7">
              Ends {formatCalendarDate(row.termination_date)} {formatTimeOfDay(row.termination_time)} · sent{' '}
              {sentAt(row)} · {row.viewed_at ? `viewed ${formatDateTime(row.viewed_at)}` : 'not viewed yet'}
            </Text>
          </Stack>
        )}
      />
    </Stack>
  )
}
