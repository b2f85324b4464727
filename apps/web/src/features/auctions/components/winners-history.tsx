import { useState } from 'react'
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core'
import {
  IconCash,
  IconDots,
  IconHomeCheck,
  IconMailCheck,
  IconSend,
  IconUserExclamation,
  IconUserShare,
} from '@tabler/icons-react'
import {
  AUCTION_MESSAGES,
  AUCTION_WINNERS_PAGE_SIZE,
  formatDollars,
  nextWinnerOutcomes,
  type AuctionWinner,
} from '@storageops/contracts/auctions'
import { formatDateTime } from '@storageops/contracts/date-time'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { EmailText } from '../../../components/ui/email-text.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import {
  useAuctionWinners,
  useMarkWinnerSent,
  useRecordWinnerOutcome,
  useSendWinnerEmails,
} from '../api/auction-winners.ts'
import { WinnerOutcomeModal, type OutcomeForm } from './winner-outcome-modal.tsx'

const StatusBadge = ({ winner }: { winner: AuctionWinner }) =>
  winner.sent_at ? (
    <Badge color="teal" variant="light" c="gray.9">
      Sent
    </Badge>
  ) : (
    <Badge color="gray" variant="light" c="gray.9">
      Unsent
    </Badge>
  )

/** The winner's outcome after the email (decision record 017); '—' before it. */
function OutcomeBadge({ winner }: { winner: AuctionWinner }) {
  if (winner.outcome === 'paid')
    return (
      <Badge color="teal" variant="light" c="gray.9">
        Paid {formatDollars(winner.amount_paid ?? 0)}
      </Badge>
    )
  if (winner.outcome === 'cleaned_out')
    return (
      <Badge color="harbor" variant="light" c="gray.9">
        Cleaned out
      </Badge>
    )
  if (winner.outcome === 'defaulted')
    return (
      <Stack gap={2} align="flex-start">
        <Badge color="red" variant="light" c="gray.9">
          Defaulted
        </Badge>
        {winner.backup_id !== null && (
          <Text fz="xs" c="gray.7">
            Offered to a backup bidder
          </Text>
        )}
      </Stack>
    )
  return winner.sent_at ? (
    <Badge color="yellow" variant="light" c="gray.9">
      Awaiting payment
    </Badge>
  ) : (
    <>—</>
  )
}

const WinnerName = ({ winner }: { winner: AuctionWinner }) => (
  <Stack gap={2} align="flex-start">
    <Text fw={600} fz="sm">
      {winner.name}
    </Text>
    {winner.backup_for_id !== null && (
      <Badge size="xs" variant="outline" color="gray" c="gray.9">
        Backup bidder
      </Badge>
    )}
  </Stack>
)

/** Record payment, Mark cleaned out, Record default, Offer to backup bidder: only the moves the server allows. */
function OutcomeMenu({
  winner,
  onForm,
  onCleanedOut,
}: {
  winner: AuctionWinner
  onForm: (form: OutcomeForm) => void
  onCleanedOut: (winner: AuctionWinner) => void
}) {
  const next = nextWinnerOutcomes(winner)
  const canOffer = winner.outcome === 'defaulted' && winner.backup_id === null
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Outcome of ${winner.name}`} disabled={next.length === 0 && !canOffer}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {next.includes('paid') && (
          <Menu.Item leftSection={<IconCash size={16} aria-hidden />} onClick={() => onForm({ kind: 'paid', winner })}>
            Record payment
          </Menu.Item>
        )}
        {next.includes('cleaned_out') && (
          <Menu.Item leftSection={<IconHomeCheck size={16} aria-hidden />} onClick={() => onCleanedOut(winner)}>
            Mark cleaned out
          </Menu.Item>
        )}
        {next.includes('defaulted') && (
          <Menu.Item
            leftSection={<IconUserExclamation size={16} aria-hidden />}
            onClick={() => onForm({ kind: 'defaulted', winner })}
          >
            Record default
          </Menu.Item>
        )}
        {canOffer && (
          <Menu.Item
            leftSection={<IconUserShare size={16} aria-hidden />}
            onClick={() => onForm({ kind: 'backup', winner })}
          >
            Offer to backup bidder
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}

/** /auctions/history (spec: admin-console-part-1 §2, §5, §8), with each winner's outcome (decision record 017). */
export function WinnersHistory() {
  const list = useListParams({ sorts: [], pageSize: AUCTION_WINNERS_PAGE_SIZE })
  const winners = useAuctionWinners(list)
  const mark = useMarkWinnerSent()
  const send = useSendWinnerEmails()
  const record = useRecordWinnerOutcome()
  const [outcomeForm, setOutcomeForm] = useState<OutcomeForm | null>(null)
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

  const askCleanedOut = (winner: AuctionWinner) =>
    confirmAction({
      title: `Mark unit ${winner.unit_no} cleaned out?`,
      message: `${winner.name} has emptied unit ${winner.unit_no} at ${winner.location_code}; the unit can be rented again.`,
      confirm: 'Mark cleaned out',
      color: 'harbor',
      onConfirm: () =>
        record.mutate({ winnerId: winner.id, body: { outcome: 'cleaned_out' } }, { onSuccess: done, onError: failed }),
    })

  return (
    <Stack gap="lg">
      <WinnerOutcomeModal open={outcomeForm} onClose={() => setOutcomeForm(null)} />
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
        list={list}
        loadingLabel="Loading auction winners…"
        label="Auction winners"
        rowKey={(row) => row.id}
        empty="No auction winners yet. Upload a winners CSV to import them."
        minWidth={960}
        wideFrom="md"
        columns={[
          {
            key: 'name',
            header: 'Name / Email / Phone',
            cell: (row) => (
              <Stack gap={2}>
                <WinnerName winner={row} />
                <Text fz="sm">
                  <EmailText email={row.email} />
                </Text>
                <Text fz="sm" c="gray.7">
                  {row.phone ?? '—'}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'unit',
            header: 'Location Code / Unit',
            cell: (row) => (
              <Stack gap={2}>
                <span>{row.location_code}</span>
                <Text fz="sm">Unit {row.unit_no}</Text>
              </Stack>
            ),
          },
          {
            key: 'address',
            header: 'Address / City / Zip',
            cell: (row) => (
              <Stack gap={2}>
                <span>{row.address ?? '—'}</span>
                <Text fz="sm" c="gray.7">
                  {[row.city, row.zip].filter(Boolean).join(' ') || '—'}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'balance',
            header: 'Facility Balance',
            cell: (row) => formatDollars(row.facility_balance),
            align: 'right',
          },
          { key: 'created', header: 'Created At', cell: (row) => formatDateTime(row.createdAt) },
          {
            key: 'status',
            header: 'Status / Sent At',
            cell: (row) => (
              <Stack gap={2} align="flex-start">
                <StatusBadge winner={row} />
                {row.sent_at && <Text fz="sm">{formatDateTime(row.sent_at)}</Text>}
              </Stack>
            ),
          },
          { key: 'outcome', header: 'Outcome', cell: (row) => <OutcomeBadge winner={row} />, nowrap: true },
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
            <OutcomeMenu winner={row} onForm={setOutcomeForm} onCleanedOut={askCleanedOut} />
          </Group>
        )}
        card={(row) => (
          <Stack gap={4}>
            <WinnerName winner={row} />
            <Group gap={6} align="flex-start">
              <StatusBadge winner={row} />
              <OutcomeBadge winner={row} />
            </Group>
            <Text fz="sm">
              <EmailText email={row.email} />
            </Text>
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
