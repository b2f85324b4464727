import { Box, Group, Stack, Text, Tooltip } from '@mantine/core'
import type { CommunicationTemplate } from '@storageops/contracts/communications'
import { formatDateTime } from '@storageops/contracts/date-time'

/** Status of a template (spec §2): a green dot for Operational, red for Issue, the text and when it last changed. */
export function TemplateStatus({ template }: { template: CommunicationTemplate }) {
  const color = template.status === 'Operational' ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-red-7)'
  const line = (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Box w={10} h={10} mt={6} style={{ borderRadius: '50%', background: color, flexShrink: 0 }} aria-hidden />
      <Stack gap={0}>
        <Text fz="sm" fw={600} c={template.status === 'Operational' ? 'teal.9' : 'red.9'}>
          {template.status}
        </Text>
        <Text fz="xs" c="gray.7">
          {formatDateTime(template.status_updated_at)}
        </Text>
        {template.status_reason && (
          <Text fz="xs" c="red.9">
            {template.status_reason}
          </Text>
        )}
      </Stack>
    </Group>
  )
  return template.status_reason ? <Tooltip label={template.status_reason}>{line}</Tooltip> : line
}
