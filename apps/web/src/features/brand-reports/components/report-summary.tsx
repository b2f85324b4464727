import { Badge, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core'
import type { BrandsReport } from '@storageops/contracts/brand-reports'
import { BRANDS_TEXT, formatDate, formatTime, noPhotosText } from '@storageops/contracts/brand-report-rules'

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" fw={700} tt="uppercase" c="gray.7">
        {label}
      </Text>
      <Text fz="md" fw={600} component="div">
        {children}
      </Text>
    </Stack>
  )
}

export function ReportSummary({ report }: { report: BrandsReport }) {
  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
          <Fact label="Date">{formatDate(report.report_submit_at)}</Fact>
          <Fact label="Submitted">{formatTime(report.report_submit_at)}</Fact>
          <Fact label="Total photos">{report.photos_count}</Fact>
          <Fact label="Completed by">{report.report_submit_by.full_name}</Fact>
          <Fact label="Completed">
            <Badge color={report.completed ? 'teal.9' : 'gray.7'} radius="sm">
              {report.completed ? 'Every standard' : 'Partial'}
            </Badge>
          </Fact>
        </SimpleGrid>
        {report.missing_standards.length > 0 && (
          <Text fz="sm" c="gray.8">
            {noPhotosText(report.missing_standards)}.
          </Text>
        )}
        <Textarea
          label="Notes"
          value={report.notes ?? BRANDS_TEXT.noNotes}
          readOnly
          autosize
          minRows={2}
          styles={{ input: { background: 'var(--mantine-color-gray-0)' } }}
        />
      </Stack>
    </Paper>
  )
}
