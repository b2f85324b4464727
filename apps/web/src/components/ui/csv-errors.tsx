import { Alert, List, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import type { CsvErrorBody } from '@storageops/contracts/unit-maps'

/** The rows a refused file lists (CsvErrorBody), as the server sent them. */
export function CsvErrors({ body }: { body: CsvErrorBody }) {
  return (
    <Alert color="red" role="alert" title="The CSV was not imported" icon={<IconInfoCircle aria-hidden />}>
      <Stack gap="xs">
        <Text fz="sm">{body.message}</Text>
        {body.rows && body.rows.length > 0 && (
          <List size="sm" spacing={2} aria-label="Rows with errors">
            {body.rows.slice(0, 20).map((row) => (
              <List.Item key={row.line}>
                Line {row.line}
                {row.unit_no ? ` (${row.unit_no})` : ''}: {row.reasons.join('; ')}
              </List.Item>
            ))}
          </List>
        )}
        {(body.bad_row_count ?? 0) > 20 && <Text fz="sm">…and {(body.bad_row_count ?? 0) - 20} more rows.</Text>}
      </Stack>
    </Alert>
  )
}
