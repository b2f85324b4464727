import { useState } from 'react'
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core'
import { IconMailCheck, IconSend } from '@tabler/icons-react'
import {
  AUCTION_MESSAGES,
  AUCTION_WINNERS_PAGE_SIZE,
  formatDollars,
  type AuctionWinner,
} from '@storageops/contracts/auctions'
import { formatDateTime } from '@storageops/contracts/date-time'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useAuctionWinners, useMarkWinnerSent, useSendWinnerEmails } from '../api/auction-winners.ts'

const StatusBadge = ({ winner }: { winner: AuctionWinner }) =>
  winner.sent_at ? (
    <Badge color="teal" variant="light" c="teal.9">
      Sent
    </Badge>
  ) : (
    <Badge color="gray" variant="light" c="gray.8">
      Unsent
    </Badge>
  )

/**
 * /auctions/history (spec: admin-console-part-1 §2, §5, §8): every imported winner, 20 a page; Mark as sent per
 * winner and Send emails to all unsent winners, each after a confirmation; 'Done' or the error.
 */
export function WinnersHistory() {
  const [page, setPage] = useState(1)
  const winners = useAuctionWinners(page)
  const mark = useMarkWinnerSent()
  const send = useSendWinnerEmails()
  const done = () => showToast(AUCTION_MESSAGES.done, 'success')
  const failed = (error: unknown) => showToast(errorMessage(error, 'The action failed.'), 'error')

  const askMark = (winner: AuctionWinner) =>
    confirmAction({
      title: `Mark ${winner.name} as sent?`,
      message: `No email is sent: use this when ${winner.name} was told about unit ${winner.unit_no} another way.`,
      confirm: 'Mark as sent',
      color: 'harbor',
      onConfirm: () => mark.mutate(winner.id, { onSuccess: done, onError: failed }),
    })

  const askSend = () =>
    confirmAction({
      title: 'Send emails to all unsent winners?',
      message: 'Every winner without a sent date gets the winner email now. No winner is ever emailed twice.',
      confirm: 'Send emails',
      color: 'harbor',
      onConfirm: () => send.mutate(undefined, { onSuccess: done, onError: failed }),
    })

  return (
    <Stack gap="lg">
      <PageHeader
        title="Auction Winners"
        back={{ to: '/auctions', label: 'Auctions' }}
        actions={
          <Button leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending} onClick={askSend}>
            Send emails
          </Button>
        }
      />
      <PagedTable
        query={winners}
        page={page}
        onPage={setPage}
        pageSize={AUCTION_WINNERS_PAGE_SIZE}
        loadingLabel="Loading auction winners…"
        label="Auction winners"
        rowKey={(row) => row.id}
        empty="No auction winners yet. Upload a winners CSV to import them."
        minWidth={1300}
        wideFrom="md"
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.name },
          { key: 'email', header: 'Email', cell: (row) => row.email },
          { key: 'location', header: 'Location Code', cell: (row) => row.location_code },
          { key: 'unit', header: 'Unit', cell: (row) => row.unit_no },
          { key: 'phone', header: 'Phone', cell: (row) => row.phone ?? '—', nowrap: true },
          { key: 'address', header: 'Address', cell: (row) => row.address ?? '—' },
          { key: 'city', header: 'City', cell: (row) => row.city ?? '—' },
          { key: 'zip', header: 'Zip', cell: (row) => row.zip ?? '—' },
          {
            key: 'balance',
            header: 'Facility Balance',
            cell: (row) => formatDollars(row.facility_balance),
            align: 'right',
          },
          { key: 'created', header: 'Created At', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
          { key: 'status', header: 'Status', cell: (row) => <StatusBadge winner={row} />, nowrap: true },
          {
            key: 'sent',
            header: 'Sent At',
            cell: (row) => (row.sent_at ? formatDateTime(row.sent_at) : '—'),
            nowrap: true,
          },
        ]}
        actions={(row) => (
          <Group justify="flex-end" wrap="nowrap">
            <Tooltip label={row.sent_at ? `Sent by ${row.sent_by ?? 'unknown'}` : 'Mark as sent'}>
              <ActionIcon
                variant="subtle"
                aria-label={`Mark ${row.name} as sent`}
                disabled={Boolean(row.sent_at)}
                onClick={() => askMark(row)}
              >
                <IconMailCheck size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        card={(row) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{row.name}</Text>
              <StatusBadge winner={row} />
            </Group>
            <Text fz="sm">{row.email}</Text>
            <Text fz="sm">
              {row.location_code} · unit {row.unit_no} · {formatDollars(row.facility_balance)}
            </Text>
            <Text fz="sm" c="gray.7">
              {[row.phone, row.address, row.city, row.zip].filter(Boolean).join(', ') || '—'}
            </Text>
            <Text fz="sm" c="gray.7">
              Imported {formatDateTime(row.createdAt)}
              {row.sent_at ? ` · sent ${formatDateTime(row.sent_at)}` : ''}
            </Text>
          </Stack>
        )}
      />
    </Stack>
  )
}
