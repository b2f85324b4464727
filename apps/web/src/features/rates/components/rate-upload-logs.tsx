import { ActionIcon, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core'
import { IconArrowBackUp, IconDownload } from '@tabler/icons-react'
import { formatDateTime } from '@storageops/contracts/date-time'
import { RATE_MESSAGES, RATE_UPLOADS, type RateKind, type RateUploadLog } from '@storageops/contracts/rates'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDownloadRateLog } from '../api/download-rate-files.ts'
import { useRateLogs } from '../api/get-rate-logs.ts'
import { useUndoRateUpload } from '../api/undo-rate-upload.ts'

const outcome = (log: RateUploadLog) =>
  log.status === 'processing'
    ? 'processing…'
    : `${log.applied.toLocaleString('en-US')} applied${log.failed ? `, ${log.failed.toLocaleString('en-US')} refused` : ''}${log.status === 'undoing' ? ', undoing…' : log.undone_at ? ', undone' : ''}`

const UNDO_MESSAGE: Record<RateKind, string> = {
  street_rate: 'The previous street rates of its applied changes go back into the system; a rate changed since stays.',
  tenant_rate: 'Its scheduled rent changes not yet in effect are cancelled in the system; changes in effect stay.',
}

/** Street Rate Upload Logs / Tenant Rate Upload Logs (spec: admin-console-part-2 §2, §8). */
export function RateUploadLogs({ kind }: { kind: RateKind }) {
  const upload = RATE_UPLOADS[kind]
  const logs = useRateLogs(kind)
  const download = useDownloadRateLog(kind)
  const undo = useUndoRateUpload(kind)
  const askUndo = (log: RateUploadLog) =>
    confirmAction({
      title: `Undo upload ${log.id}?`,
      message: UNDO_MESSAGE[kind],
      confirm: 'Undo',
      onConfirm: () =>
        undo.mutate(log.id, {
          onSuccess: () => showToast(`Undoing upload ${log.id}: the log shows each change.`, 'success'),
          onError: (error) => showToast(errorMessage(error, RATE_MESSAGES.failed), 'error'),
        }),
    })
  const save = (log: RateUploadLog) =>
    download.mutate(log.id, { onError: () => showToast(RATE_MESSAGES.downloadFailed, 'error') })
  const action = (log: RateUploadLog) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {log.status === 'processed' && !log.undone_at && log.applied > 0 && (
        <Tooltip label="Undo this upload">
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={`Undo upload ${log.id}`}
            onClick={() => askUndo(log)}
            loading={undo.isPending && undo.variables === log.id}
          >
            <IconArrowBackUp size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={`Download ${upload.logFileName(log.id)}`}>
        <ActionIcon
          variant="subtle"
          aria-label={`Download the log of upload ${log.id}`}
          onClick={() => save(log)}
          loading={download.isPending && download.variables === log.id}
        >
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
  return (
    <Stack gap="lg">
      <PageHeader title={upload.logsTitle} back={{ to: upload.page, label: upload.title }} />
      {logs.isLoading && (
        <Center py="xl">
          <Loader aria-label="Loading the upload logs" />
        </Center>
      )}
      {logs.isError && (
        <FormError
          message={errorMessage(logs.error, 'The upload logs could not be loaded.')}
          onRetry={() => void logs.refetch()}
        />
      )}
      {logs.data && logs.data.length === 0 && <EmptyPanel>No uploads have been processed yet.</EmptyPanel>}
      {logs.data && logs.data.length > 0 && (
        <ResponsiveTable
          label={upload.logsTitle}
          rows={logs.data}
          rowKey={(log) => log.id}
          minWidth={640}
          columns={[
            { key: 'id', header: '#', cell: (log) => log.id },
            { key: 'time', header: 'Upload time', cell: (log) => formatDateTime(log.uploaded_at), nowrap: true },
            { key: 'user', header: 'User name', cell: (log) => log.userName },
            {
              key: 'records',
              header: 'Number of records',
              cell: (log) => (
                <>
                  {log.numberOfRecords.toLocaleString('en-US')}{' '}
                  <Text span fz="xs" c="gray.7">
                    ({outcome(log)})
                  </Text>
                </>
              ),
            },
          ]}
          actions={action}
          card={(log) => (
            <Stack gap={2}>
              <Text fw={600}>
                #{log.id} · {formatDateTime(log.uploaded_at)}
              </Text>
              <Text fz="sm">
                {log.userName} · {log.numberOfRecords.toLocaleString('en-US')} records ({outcome(log)})
              </Text>
            </Stack>
          )}
        />
      )}
    </Stack>
  )
}
