import { useState, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconHistory, IconPlus, IconUpload } from '@tabler/icons-react'
import { Link } from 'react-router'
import { formatAuctionDate, formatDollars, type Auction } from '@storageops/contracts/auctions'
import { countOf } from '@storageops/contracts/counts'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCompleteAuction } from '../api/create-auction.ts'
import { useActiveAuction, useAuctionWinnerCount, useCompletedAuctions } from '../api/get-auctions.ts'
import { CreateAuctionModal } from './create-auction-modal.tsx'

function WinnerCount({ auction }: { auction: Auction }) {
  const count = useAuctionWinnerCount(auction.id)
  if (count.isPending) return <Loader size="xs" aria-label={`Counting the winners of auction ${auction.id}`} />
  return <>{count.isError ? '—' : count.data}</>
}

/** A titled section of /auctions: skeleton rows while loading, the load error with Try again, then its table. */
function AuctionSection({
  id,
  title,
  query,
  loadingRows,
  children,
}: {
  id: string
  title: string
  query: UseQueryResult
  loadingRows: number
  children: ReactNode
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {query.isPending && <SkeletonRows label={`Loading the ${title.toLowerCase()}…`} rows={loadingRows} />}
      <FormError
        message={query.isError && errorMessage(query.error, 'Please try again.')}
        title={`The ${title.toLowerCase()} could not be loaded`}
        onRetry={() => void query.refetch()}
      />
      {children}
    </Stack>
  )
}

/** /auctions (spec: admin-console-part-1 §2), with units sold, proceeds and balance recovered (decision record 017). */
export function AuctionsOverview() {
  const [creating, setCreating] = useState(false)
  const active = useActiveAuction()
  const completed = useCompletedAuctions()
  const complete = useCompleteAuction()
  const activeRows = active.data ? [active.data] : []

  const askComplete = (auction: Auction) =>
    confirmAction({
      title: `Complete auction ${auction.id}?`,
      message:
        'It moves to the completed auctions and no more winners can be uploaded to it. A new auction can then be created.',
      confirm: 'Complete auction',
      color: 'harbor',
      onConfirm: () =>
        complete.mutate(auction.id, {
          onSuccess: () => showToast('Done', 'success'),
          onError: (error) => showToast(errorMessage(error, 'Failed to complete the auction.'), 'error'),
        }),
    })

  return (
    <Stack gap="lg">
      <PageHeader
        title="Auctions"
        description="Create the auction, upload its winners and email them what they need to collect their units."
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to="/auctions/history"
              variant="default"
              leftSection={<IconHistory size={16} aria-hidden />}
            >
              Auction winners
            </Button>
            <Button
              component={Link}
              to="/auctions/new-upload"
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              Upload winners
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Create new auction
            </Button>
          </Group>
        }
      />
      <AuctionSection id="active-auction" title="Active auction" query={active} loadingRows={1}>
        {active.isSuccess && (
          <ResponsiveTable
            label="Active auction"
            rows={activeRows}
            rowKey={(row) => row.id}
            empty="No active auction. Create one to upload its winners."
            columns={[
              { key: 'id', header: 'ID', cell: (row) => row.id },
              { key: 'start', header: 'Start Date', cell: (row) => formatAuctionDate(row.startDate) },
              { key: 'end', header: 'End Date', cell: (row) => formatAuctionDate(row.endDate) },
              { key: 'gate', header: 'Auction Gate Code', cell: (row) => row.gateCode },
              { key: 'winners', header: 'Winners', cell: (row) => row.numberOfAuctionWinners },
            ]}
            actions={(row) => (
              <Group justify="flex-end">
                <Button size="xs" variant="light" loading={complete.isPending} onClick={() => askComplete(row)}>
                  Complete auction
                </Button>
              </Group>
            )}
            card={(row) => (
              <Stack gap={4}>
                <Text fw={600}>Auction {row.id}</Text>
                <Text fz="sm">
                  {formatAuctionDate(row.startDate)} – {formatAuctionDate(row.endDate)}
                </Text>
                <Text fz="sm">Gate code {row.gateCode}</Text>
                <Text fz="sm">{row.numberOfAuctionWinners} winners</Text>
              </Stack>
            )}
          />
        )}
      </AuctionSection>
      <AuctionSection id="completed-auctions" title="Completed auctions" query={completed} loadingRows={3}>
        {completed.data && (
          <ResponsiveTable
            label="Completed auctions"
            rows={completed.data}
            rowKey={(row) => row.id}
            empty="No completed auctions yet."
            columns={[
              { key: 'id', header: 'ID', cell: (row) => row.id },
              { key: 'start', header: 'Start', cell: (row) => formatAuctionDate(row.startDate) },
              { key: 'end', header: 'End', cell: (row) => formatAuctionDate(row.endDate) },
              { key: 'winners', header: 'Number of Auction Winners', cell: (row) => <WinnerCount auction={row} /> },
              { key: 'sold', header: 'Units Sold', cell: (row) => row.unitsSold, align: 'right' },
              { key: 'proceeds', header: 'Proceeds', cell: (row) => formatDollars(row.proceeds), align: 'right' },
              {
                key: 'recovered',
                header: 'Balance Recovered',
                cell: (row) => formatDollars(row.balanceRecovered),
                align: 'right',
              },
            ]}
            card={(row) => (
              <Stack gap={4}>
                <Text fw={600}>Auction {row.id}</Text>
                <Text fz="sm">
                  {formatAuctionDate(row.startDate)} – {formatAuctionDate(row.endDate)}
                </Text>
                <Text fz="sm">
                  Winners: <WinnerCount auction={row} />
                </Text>
                <Text fz="sm">
                  {countOf(row.unitsSold, 'unit')} sold · proceeds {formatDollars(row.proceeds)} · balance recovered{' '}
                  {formatDollars(row.balanceRecovered)}
                </Text>
              </Stack>
            )}
          />
        )}
      </AuctionSection>
      <CreateAuctionModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}
