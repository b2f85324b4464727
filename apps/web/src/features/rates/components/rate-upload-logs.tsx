import { ActionIcon, Center, Loader, Stack, Text, Tooltip } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { formatDateTime } from '@storageops/contracts/date-time'
import { RATE_MESSAGES, RATE_UPLOADS, type RateKind, type RateUploadLog } from '@storageops/contracts/rates'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDownloadRateLog } from '../api/download-rate-files.ts'
import { useRateLogs } from '../api/get-rate-logs.ts'

const outcome = (log: RateUploadLog) =>
  log.status === 'processing'
    ? 'processing…'
    : `${log.applied.toLocaleString('en-US')} applied${log.failed ? `, ${log.failed.toLocaleString('en-US')} refused` : ''}`

/**
 * Street Rate Upload Logs / Tenant Rate Upload Logs (spec: admin-console-part-2 §2, §8): #, Upload time,
 * User name, Number of records, Actions (the log CSV of every row; 'Failed to download csv file' on failure).
 */
export function RateUploadLogs({ kind }: { kind: RateKind }) {
  const upload = RATE_UPLOADS[kind]
  const logs = useRateLogs(kind)
  const download = useDownloadRateLog(kind)
  const save = (log: RateUploadLog) =>
    download.mutate(log.id, { onError: () => showToast(RATE_MESSAGES.downloadFailed, 'error') })
  const action = (log: RateUploadLog) => (
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
