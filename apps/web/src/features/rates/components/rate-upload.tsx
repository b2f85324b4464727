import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import {
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import {
  IconAlertTriangle,
  IconDownload,
  IconHistory,
  IconPlayerPlay,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react'
import { foundCountOf } from '@storageops/contracts/counts'
import {
  RATE_CHANGES_PAGE_SIZE,
  RATE_CHANGE_SORTS,
  RATE_MESSAGES,
  RATE_UPLOADS,
  formatCents,
  type RateChangeRow,
  type RateChanges,
  type RateKind,
  type RateRowError,
} from '@storageops/contracts/rates'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useListParams } from '../../../lib/list-params.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDiscardRates } from '../api/discard-rates.ts'
import { useDownloadRateExample } from '../api/download-rate-files.ts'
import { useRateChanges, useRateChangesPage } from '../api/get-rate-changes.ts'
import { useProcessRates } from '../api/process-rates.ts'
import { useUploadRateFile } from '../api/upload-rate-file.ts'
import { useLiveLog, type LiveState } from '../api/use-live-log.ts'

const money = (dollars: number | null) => (dollars === null ? '—' : formatCents(Math.round(dollars * 100)))
const signed = (dollars: number | null) =>
  dollars === null ? '—' : `${dollars > 0 ? '+' : ''}${formatCents(Math.round(dollars * 100))}`
const percent = (value: number | null) => (value === null ? '' : `${value > 0 ? '+' : ''}${value.toFixed(1)} %`)

const WHAT: Record<RateKind, string> = {
  street_rate: 'new street rates for unit types of your facilities',
  tenant_rate: "scheduled rent changes for existing tenants' leases",
}

function Counts({ counts }: { counts: RateChanges['counts'] }) {
  const items = [
    { label: 'Received', value: counts.received, color: undefined },
    { label: 'Pending', value: counts.pending, color: 'teal.9' },
    { label: 'Errors', value: counts.errors, color: counts.errors > 0 ? 'red.8' : undefined },
  ]
  return (
    <SimpleGrid cols={3} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p="sm" ta="center">
          <Text fz="xs" tt="uppercase" fw={700} c="gray.7">
            {item.label}
          </Text>
          <Text fz={28} fw={700} c={item.color} aria-label={`${item.label}: ${item.value}`}>
            {item.value.toLocaleString('en-US')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

function statusLine(changes: RateChanges | undefined, lastLog: string | undefined): string {
  if (changes?.upload?.status === 'processing') return 'Processing rate changes…'
  if (changes?.upload?.status === 'pending')
    return changes.counts.pending > 0
      ? `Ready: ${changes.counts.pending.toLocaleString('en-US')} change${changes.counts.pending === 1 ? '' : 's'} to process.`
      : 'Every row has errors: correct the file and upload it again.'
  if (lastLog === RATE_MESSAGES.processed) return RATE_MESSAGES.finished
  return 'Upload a CSV file to see its changes.'
}

const LIVE_LABEL: Record<LiveState, string> = { connecting: 'Connecting…', live: 'Live', offline: 'Offline' }

function LiveLogPanel({ kind, changes }: { kind: RateKind; changes: RateChanges | undefined }) {
  const log = useLiveLog(kind)
  const last = log.entries.at(-1)
  const viewport = useRef<HTMLDivElement>(null)
  // The newest line stays in view while a run writes.
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight })
  }, [last?.id])
  return (
    <SectionCard title="Status">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text role="status" fw={600} data-testid="rate-status">
            {statusLine(changes, last?.log)}
          </Text>
          <Badge
            variant="outline"
            color={log.state === 'live' ? 'teal' : log.state === 'offline' ? 'red' : 'gray'}
            c={log.state === 'live' ? 'teal.9' : log.state === 'offline' ? 'red.9' : 'gray.8'}
            style={{ flexShrink: 0 }}
          >
            {LIVE_LABEL[log.state]}
          </Badge>
        </Group>
        <Paper withBorder radius="sm" bg="gray.0">
          {/* Focusable, so a keyboard can scroll a log taller than its box (axe: scrollable-region-focusable). */}
          <ScrollArea
            h={220}
            type="auto"
            viewportRef={viewport}
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Live log, scrollable' }}
          >
            <Box
              role="log"
              aria-label="Live log"
              aria-live="polite"
              m={0}
              p="sm"
              style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}
            >
              {log.isLoading && <Loader size="sm" aria-label="Loading the log" />}
              {!log.isLoading && log.entries.length === 0 && (
                <Text fz="sm" c="gray.7">
                  Nothing logged yet.
                </Text>
              )}
              {log.entries.map((entry) => (
                <Text key={entry.id} fz="sm" c={entry.isError ? 'red.8' : undefined} ff="monospace">
                  {entry.log}
                </Text>
              ))}
            </Box>
          </ScrollArea>
        </Paper>
      </Stack>
    </SectionCard>
  )
}

function ChangeTable({ kind, changes }: { kind: RateKind; changes: RateChanges }) {
  const isStreet = kind === 'street_rate'
  const list = useListParams({ sorts: RATE_CHANGE_SORTS, pageSize: RATE_CHANGES_PAGE_SIZE })
  const page = useRateChangesPage(kind, list)
  const what = (row: RateChangeRow) =>
    isStreet
      ? `Unit type ${row.unit_type_id}`
      : `Tenant ${row.tenant_id} · lease ${row.lease_no} · unit ${row.unit_no} · from ${row.effective_date}`
  return (
    <SectionCard title="Changes to process">
      <Stack gap="md">
        <Group gap="xl" wrap="wrap">
          <div>
            <Text fz="xs" tt="uppercase" fw={700} c="gray.7">
              Monthly revenue change
            </Text>
            <Text fz="xl" fw={700} c={changes.revenue.total < 0 ? 'red.8' : 'teal.9'}>
              {signed(changes.revenue.total)}
            </Text>
            <Text fz="xs" c="gray.7">
              {isStreet ? 'if every unit of the types rented at the new rate' : 'once every change is in effect'}
            </Text>
          </div>
          {changes.revenue.facilities.slice(0, 6).map((facility) => (
            <div key={facility.location_code}>
              <Text fz="xs" c="gray.7">
                {facility.name} ({facility.location_code})
              </Text>
              <Text fw={600}>{signed(facility.monthly_change)}</Text>
            </div>
          ))}
        </Group>
        <PagedTable
          query={page}
          list={list}
          loadingLabel="Loading the changes…"
          search={{
            label: 'Search changes',
            placeholder: isStreet ? 'Facility code' : 'Facility code, tenant, lease or unit',
          }}
          count={(count, q) => foundCountOf(count, q, 'change')}
          label="Changes to process"
          rowKey={(row) => row.row}
          minWidth={760}
          empty={list.q.trim() ? 'No change matches the search.' : 'No row can be processed.'}
          columns={[
            { key: 'row', header: 'Row', cell: (row) => row.row, sort: 'row' },
            { key: 'facility', header: 'Facility', cell: (row) => row.location_code, sort: 'location_code' },
            { key: 'what', header: isStreet ? 'Unit type' : 'Tenant and lease', cell: what },
            {
              key: 'rate',
              header: isStreet ? 'Street rate' : 'Rent',
              cell: (row) => `${money(row.old_rate)} → ${money(row.new_rate)}`,
              nowrap: true,
            },
            {
              key: 'change',
              header: 'Change',
              cell: (row) => `${signed(row.change)} (${percent(row.change_percent)})`,
              nowrap: true,
              sort: 'change',
            },
            {
              key: 'revenue',
              header: 'Monthly revenue',
              cell: (row) => signed(row.monthly_revenue_change),
              align: 'right',
              nowrap: true,
            },
          ]}
          card={(row) => (
            <Stack gap={2}>
              <Text fw={600}>
                Row {row.row} · {row.location_code}
              </Text>
              <Text fz="sm">{what(row)}</Text>
              <Text fz="sm">
                {money(row.old_rate)} → {money(row.new_rate)} · {signed(row.change)} ({percent(row.change_percent)})
              </Text>
            </Stack>
          )}
        />
      </Stack>
    </SectionCard>
  )
}

function ErrorTable({ errors }: { errors: RateRowError[] }) {
  return (
    <SectionCard
      title="Rows with errors"
      icon={<IconAlertTriangle size={20} color="var(--mantine-color-red-8)" aria-hidden />}
    >
      <ResponsiveTable
        label="Rows with errors"
        rows={errors}
        rowKey={(error) => `${error.row}-${error.column}-${error.rule}`}
        minWidth={640}
        columns={[
          { key: 'row', header: 'Row', cell: (error) => error.row },
          { key: 'column', header: 'Column', cell: (error) => error.column, nowrap: true },
          { key: 'rule', header: 'Rule', cell: (error) => error.rule, nowrap: true },
          { key: 'message', header: 'Message', cell: (error) => error.message },
        ]}
        card={(error) => (
          <Stack gap={2}>
            <Text fw={600}>
              Row {error.row} · {error.column}
            </Text>
            <Text fz="sm">{error.message}</Text>
          </Stack>
        )}
      />
    </SectionCard>
  )
}

/** Street Rate Upload and Tenant Rate Upload (spec: admin-console-part-2 §2, §4, §8). */
export function RateUpload({ kind, userId }: { kind: RateKind; userId: number }) {
  const upload = RATE_UPLOADS[kind]
  const changes = useRateChanges(kind)
  const send = useUploadRateFile(kind)
  const run = useProcessRates(kind)
  const discard = useDiscardRates(kind)
  const example = useDownloadRateExample(kind)
  const data = changes.data
  const isBusy = data?.upload?.status === 'processing' || data?.upload?.status === 'undoing'

  const onFile = (file: File | null) => {
    if (!file) return
    send.mutate(file, {
      onSuccess: (result) => showToast(result.message, 'success'),
      onError: (error) => showToast(errorMessage(error, 'The file could not be uploaded.'), 'error'),
    })
  }
  const onProcess = () => {
    if (!data?.upload) return
    run.mutate(
      { uploaded_at: data.upload.uploaded_at, user_id: userId },
      { onError: () => showToast(RATE_MESSAGES.failed, 'error') },
    )
  }
  const onDiscard = () =>
    confirmAction({
      title: 'Discard the pending changes?',
      message: `The ${data?.counts.received.toLocaleString('en-US') ?? 0} rows of ${data?.upload?.file_name ?? 'the file'} will not be processed.`,
      confirm: 'Discard',
      onConfirm: () =>
        discard.mutate(undefined, {
          onSuccess: (result) => showToast(result.message, 'success'),
          onError: () => showToast(RATE_MESSAGES.failed, 'error'),
        }),
    })

  return (
    <Stack gap="lg">
      <PageHeader
        title={upload.title}
        description={`Upload a CSV of ${WHAT[kind]}. Every row is checked before anything changes.`}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={example.isPending}
              onClick={() =>
                example.mutate(undefined, {
                  onError: (error) => showToast(errorMessage(error, 'The example could not be downloaded.'), 'error'),
                })
              }
            >
              Example CSV
            </Button>
            <Button
              variant="default"
              component={Link}
              to={upload.logsPath}
              leftSection={<IconHistory size={16} aria-hidden />}
            >
              View logs
            </Button>
          </Group>
        }
      />
      {changes.isError && (
        <FormError
          message={errorMessage(changes.error, 'The pending changes could not be loaded.')}
          onRetry={() => void changes.refetch()}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title="Pending changes">
          <Stack gap="md">
            {changes.isLoading ? (
              <SkeletonRows rows={2} label="Loading the pending changes…" />
            ) : (
              <Counts counts={data?.counts ?? { received: 0, pending: 0, errors: 0 }} />
            )}
            {data?.upload && (
              <Text fz="sm" c="gray.7">
                {data.upload.file_name} · uploaded by {data.upload.userName}
              </Text>
            )}
            <Group gap="sm">
              <FileButton onChange={onFile} accept=".csv,text/csv">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={send.isPending}
                    disabled={isBusy}
                  >
                    Upload CSV
                  </Button>
                )}
              </FileButton>
              <Button
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={onProcess}
                loading={run.isPending}
                disabled={!data?.upload || isBusy || data.counts.pending === 0}
              >
                PROCESS
              </Button>
              <Button
                variant="outline"
                color="red.8"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={onDiscard}
                loading={discard.isPending}
                disabled={!data?.upload || isBusy}
              >
                DISCARD
              </Button>
            </Group>
            <Text fz="xs" c="gray.7">
              Columns: {upload.columns.join(', ')}. A new rate may be at most{' '}
              {data?.settings.max_increase_percent ?? 25} % above the current one
              {kind === 'tenant_rate' ? `; effective ${data?.settings.notice_days ?? 30} days from today or later` : ''}
              .
            </Text>
          </Stack>
        </SectionCard>
        <LiveLogPanel kind={kind} changes={data} />
      </SimpleGrid>
      {data?.upload && data.counts.pending > 0 && <ChangeTable kind={kind} changes={data} />}
      {data && data.errors.length > 0 && <ErrorTable errors={data.errors} />}
      {!changes.isLoading && !data?.upload && (
        <Paper withBorder radius="md" p="lg" bg="white">
          <Title order={2} fz="h5" mb={4}>
            No pending changes
          </Title>
          <Text fz="sm" c="gray.7">
            Upload a CSV to see each change, old → new, and the monthly revenue change before you process it.
          </Text>
        </Paper>
      )}
    </Stack>
  )
}
