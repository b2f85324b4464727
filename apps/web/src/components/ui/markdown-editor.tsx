import { useId, type ReactNode } from 'react'
import { Input, Paper, Tabs, Text, Textarea, Typography } from '@mantine/core'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

/** Markdown with Write and Preview tabs (DESIGN §2): GitHub-flavoured, raw HTML not rendered; `minHeight` in px. */
export function MarkdownEditor({
  label,
  value,
  onChange,
  description,
  error,
  required,
  minHeight,
  inputProps,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  description?: ReactNode
  error?: ReactNode
  required?: boolean
  minHeight?: number
  inputProps?: Record<string, unknown>
}) {
  const labelId = useId()
  const errorId = useId()
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk={required}
    >
      <Tabs defaultValue="write" variant="outline" keepMounted={false} aria-labelledby={labelId}>
        <Tabs.List>
          <Tabs.Tab value="write">Write</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            {...inputProps}
            aria-label={label}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={Boolean(error)}
            autosize
            minRows={6}
            maxRows={20}
            value={value}
            error={Boolean(error)}
            onChange={(event) => onChange(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', minHeight } }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder p="md" mih={minHeight ?? 120} aria-label={`${label} preview`}>
            {value.trim() ? (
              <Typography>
                <Markdown remarkPlugins={[remarkGfm]}>{value}</Markdown>
              </Typography>
            ) : (
              <Text c="gray.7" fz="sm">
                Nothing to preview.
              </Text>
            )}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Input.Wrapper>
  )
}
