import { useState } from 'react'
import { Box, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import {
  COMMUNICATION_HISTORY_PAGE_SIZE,
  isSuccessfulCommunication,
  type Communication,
} from '@storageops/contracts/communications'
import { formatDateTime } from '@storageops/contracts/date-time'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { useCommunications } from '../api/get-communications.ts'
import { HtmlPreviewFrame } from './html-preview-frame.tsx'

const addressOf = (row: Communication) =>
  (row.method === 'email' ? row.prospect.email_address : row.prospect.cell_phone) ?? '—'

/** What the tenant read: an email's subject as sent; a text has none, so its template's name (issue 35). */
const subjectOf = (row: Communication) => row.subject ?? row.communication_template.template_name

/** Status (spec §2): success in green for a message sent or delivered, anything else red, with the reason on hover. */
function CommunicationStatus({ row }: { row: Communication }) {
  const ok = isSuccessfulCommunication(row.status)
  const line = (
    <Group gap={6} wrap="nowrap">
      <Box
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: `var(--mantine-color-${ok ? 'teal' : 'red'}-7)`, flexShrink: 0 }}
        aria-hidden
      />
      <Text fz="sm" fw={600} c={ok ? 'teal.9' : 'red.9'}>
        {ok ? 'success' : row.status}
      </Text>
      {ok && (
        <Text fz="xs" c="gray.7">
          ({row.status})
        </Text>
      )}
    </Group>
  )
  return row.error ? <Tooltip label={row.error}>{line}</Tooltip> : line
}

/** Communication History (spec: admin-console-part-2 §2, §3, §7, §9); Template shows the subject as sent. */
export function CommunicationHistory() {
  const list = useListParams({ sorts: [], pageSize: COMMUNICATION_HISTORY_PAGE_SIZE })
  const history = useCommunications(list)
  const [previewing, setPreviewing] = useState<Communication | null>(null)
  const previewCell = (row: Communication) =>
    row.html_body || row.text_body ? (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconEye size={14} aria-hidden />}
        onClick={() => setPreviewing(row)}
        aria-label={`Preview message ${row.id}`}
      >
        Preview
      </Button>
    ) : (
      <Text fz="sm" c="gray.7">
        Empty
      </Text>
    )
  return (
    <Stack gap="lg">
      <PageHeader
        title="Communication History"
        description={
          history.data
            ? `${history.data.count.toLocaleString('en-US')} messages, newest first.`
            : 'Every email and text the product sends.'
        }
      />
      <PagedTable
        query={history}
        list={list}
        loadingLabel="Loading communication history…"
        loadingRows={6}
        label="Communication history"
        rowKey={(row) => row.id}
        empty="No messages have been sent yet."
        minWidth={960}
        wideFrom="md"
        columns={[
          { key: 'id', header: 'id', cell: (row) => row.id },
          { key: 'sent', header: 'Sent At', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
          { key: 'facility', header: 'Facility', cell: (row) => row.prospect.site_name ?? '—' },
          { key: 'type', header: 'Type', cell: (row) => row.method },
          { key: 'address', header: 'Email/Phone', cell: addressOf },
          { key: 'template', header: 'Template', cell: subjectOf },
          { key: 'status', header: 'Status', cell: (row) => <CommunicationStatus row={row} /> },
          { key: 'preview', header: 'Preview', cell: previewCell },
        ]}
        card={(row) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                #{row.id} · {row.method}
              </Text>
              <CommunicationStatus row={row} />
            </Group>
            <Text fz="sm">{addressOf(row)}</Text>
            <Text fz="sm" c="gray.7">
              {row.prospect.site_name ?? '—'} · {formatDateTime(row.createdAt)}
            </Text>
            <Text fz="sm">{subjectOf(row)}</Text>
            {previewCell(row)}
          </Stack>
        )}
      />
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing ? subjectOf(previewing) : 'Preview'}
        size={previewing?.html_body ? 'xl' : 'md'}
      >
        {previewing?.html_body ? (
          <HtmlPreviewFrame html={previewing.html_body} title={`Message ${previewing.id}`} height={520} />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{previewing?.text_body}</Text>
        )}
      </Modal>
    </Stack>
  )
}
