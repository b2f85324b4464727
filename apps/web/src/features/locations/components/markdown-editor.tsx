import { Paper, Tabs, Text, Textarea, Typography } from '@mantine/core'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

interface MarkdownEditorProps {
  label: string
  value: string
  onChange: (value: string) => void
}

/**
 * A markdown field with Write and Preview tabs (DESIGN §2): GitHub-flavoured markdown (tables,
 * autolinks, strikethrough, task lists) rendered by react-markdown; raw HTML is not rendered.
 */
export function MarkdownEditor({ label, value, onChange }: MarkdownEditorProps) {
  return (
    <div>
      <Text component="span" fz="sm" fw={500} id={`${label}-label`}>
        {label}
      </Text>
      <Tabs defaultValue="write" variant="outline" keepMounted={false} aria-labelledby={`${label}-label`}>
        <Tabs.List>
          <Tabs.Tab value="write">Write</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Textarea
            aria-label={label}
            autosize
            minRows={6}
            maxRows={20}
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder p="md" mih={120} aria-label={`${label} preview`}>
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
    </div>
  )
}
