import { Avatar, Button, Group, Stack, Text } from '@mantine/core'
import { IconPhoto, IconPlus } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import {
  editScreenOf,
  type AnyResource,
  type ResourceColumn,
  type ResourceRecord,
} from '@storageops/contracts/resource'
import { errorMessage } from '../../lib/error-message.ts'
import { markdownExcerpt } from '../../lib/markdown-excerpt.ts'
import { useDeleteResource, useResourceList } from '../../lib/resource-queries.ts'
import { showToast } from '../../lib/toast.ts'
import { confirmDelete } from './confirm-delete.tsx'
import { FormError } from './form-error.tsx'
import { PageHeader } from './page-header.tsx'
import { SkeletonRows } from './skeleton-rows.tsx'
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table.tsx'
import { RowActions } from './row-actions.tsx'

type Row = Record<string, unknown>
type Numbered = { row: Row; position: number }

const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''

/** A column's cell; `markdown`: the column's field is markdown, so an excerpt shows its words without the syntax. */
function Cell({
  column,
  entry,
  subject,
  markdown = false,
}: {
  column: ResourceColumn
  entry: Numbered
  subject: string
  markdown?: boolean
}) {
  if (column.kind === 'position') return entry.position
  const raw = asText(entry.row[column.key])
  const value = markdown && column.kind === 'excerpt' ? markdownExcerpt(raw) : raw
  if (column.kind === 'thumbnail')
    return (
      <Avatar src={value || null} size={40} radius="sm" alt={`${column.label} of ${subject}`} color="gray">
        <IconPhoto size={18} aria-hidden />
      </Avatar>
    )
  if (!value) return <Text c="gray.7">—</Text>
  if (column.kind === 'excerpt')
    return (
      <Text fz="sm" lineClamp={2} maw={420} title={value.length > 120 ? value : undefined}>
        {value}
      </Text>
    )
  return value
}

/**
 * Asks with the declaration's confirmation, naming `subject`, then runs `remove` and toasts its outcome with the
 * declaration's messages (the server's reason on failure).
 */
export function confirmResourceDelete(
  declaration: AnyResource,
  subject: string,
  remove: (callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void,
) {
  const { labels, messages } = declaration
  confirmDelete({
    title: `Delete ${labels.singular.toLowerCase()}`,
    message: (
      <>
        {messages.confirmDelete} <strong>{subject}</strong>
      </>
    ),
    onConfirm: () =>
      remove({
        onSuccess: () => showToast(messages.deleted, 'success'),
        onError: (error) => showToast(errorMessage(error, messages.deleteFailed), 'error'),
      }),
  })
}

/**
 * The list screen of a declared resource (DESIGN §9): its columns, Edit, and Delete after the confirmation.
 * `order` 2 makes it a section of a screen with two lists (FAQ); without `canChange` it offers no New, Edit or Delete.
 */
export function ResourceList<D extends AnyResource>({
  declaration,
  order = 1,
  canChange = true,
}: {
  declaration: D
  order?: 1 | 2
  canChange?: boolean
}) {
  const list = useResourceList(declaration)
  const remove = useDeleteResource(declaration)
  const navigate = useNavigate()
  const { labels, columns, screen } = declaration
  const subjectKey = columns.find((column) => column.kind === undefined || column.kind === 'text')
  const subjectOf = (row: Row) => asText(subjectKey && 'key' in subjectKey ? row[subjectKey.key] : row[declaration.key])
  const keyOf = (row: Row) => row[declaration.key] as ResourceRecord<D>[D['key']]

  const markdownKeys = new Set<string>(
    declaration.fields.filter((field) => field.kind === 'markdown').map((field) => field.key),
  )
  const isMarkdown = (column: ResourceColumn) => 'key' in column && markdownKeys.has(column.key)

  const tableColumns: ResponsiveColumn<Numbered>[] = columns.map((column) => ({
    key: column.kind === 'position' ? '#' : column.key,
    header: column.label,
    cell: (entry) => (
      <Cell column={column} entry={entry} subject={subjectOf(entry.row)} markdown={isMarkdown(column)} />
    ),
    nowrap: column.kind === 'position',
  }))
  const thumbnail = columns.find((column) => column.kind === 'thumbnail')
  const details = columns.filter(
    (column) => column !== subjectKey && column.kind !== 'position' && column !== thumbnail,
  )

  const askToDelete = (row: Row) =>
    confirmResourceDelete(declaration, subjectOf(row), (callbacks) => remove.mutate(keyOf(row), callbacks))

  return (
    <Stack gap="lg">
      <PageHeader
        title={labels.plural}
        order={order}
        description={labels.description}
        actions={
          canChange && (
            <Button component={Link} to={`${screen}/new`} leftSection={<IconPlus size={18} aria-hidden />}>
              {labels.create}
            </Button>
          )
        }
      />
      {list.isPending && <SkeletonRows rows={5} label={`Loading ${labels.plural.toLowerCase()}`} />}
      {list.isError && (
        <FormError
          title={`${labels.plural} could not be loaded`}
          message={errorMessage(list.error, list.error.message)}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && (
        <ResponsiveTable
          label={labels.plural}
          rows={list.data.map((row, index) => ({ row, position: index + 1 }))}
          rowKey={(entry) => asText(entry.row[declaration.key])}
          columns={tableColumns}
          empty={`No ${labels.plural.toLowerCase()} yet.${canChange ? ` ${labels.create} to add the first.` : ''}`}
          card={(entry) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {thumbnail && <Cell column={thumbnail} entry={entry} subject={subjectOf(entry.row)} />}
              <Stack gap={2} miw={0}>
                <Text fw={600}>{subjectOf(entry.row) || '—'}</Text>
                {details.map((column) => (
                  <Text key={column.label} fz="sm" c="gray.8" component="div">
                    <Cell column={column} entry={entry} subject={subjectOf(entry.row)} markdown={isMarkdown(column)} />
                  </Text>
                ))}
              </Stack>
            </Group>
          )}
          actions={
            canChange
              ? (entry) => (
                  <RowActions
                    subject={subjectOf(entry.row)}
                    onEdit={() => void navigate(editScreenOf(declaration, asText(entry.row[declaration.key])))}
                    onDelete={() => askToDelete(entry.row)}
                  />
                )
              : undefined
          }
        />
      )}
    </Stack>
  )
}
