import { useState } from 'react'
import { Avatar, Button, Group, Stack, Text } from '@mantine/core'
import { IconPhoto, IconPlus } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { foundCountOf } from '@storageops/contracts/counts'
import {
  RESOURCE_PAGE_SIZE,
  editScreenOf,
  type AnyResource,
  type ResourceColumn,
  type ResourceRecord,
} from '@storageops/contracts/resource'
import { errorMessage } from '../../lib/error-message.ts'
import { useListParams } from '../../lib/list-params.ts'
import { markdownExcerpt } from '../../lib/markdown-excerpt.ts'
import { usePagedQuery } from '../../lib/paged-query.ts'
import { resourceKeys, useDeleteResource, useResourceList } from '../../lib/resource-queries.ts'
import { showToast } from '../../lib/toast.ts'
import { confirmDelete } from './confirm-delete.tsx'
import { FormError } from './form-error.tsx'
import { PageHeader } from './page-header.tsx'
import { PagedTable } from './paged-table.tsx'
import { SkeletonRows } from './skeleton-rows.tsx'
import { ResponsiveTable, type ResponsiveColumn, type ResponsiveTableProps } from './responsive-table.tsx'
import { RowActions } from './row-actions.tsx'

type Row = Record<string, unknown>

const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''

/** A column's cell; `position`: the row's number in the whole list; `markdown`: the excerpt without the syntax. */
function Cell({
  column,
  row,
  position,
  subject,
  markdown = false,
}: {
  column: ResourceColumn
  row: Row
  position: number
  subject: string
  markdown?: boolean
}) {
  if (column.kind === 'position') return position
  const raw = asText(row[column.key])
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

/** Confirms naming `subject`, runs `remove` and toasts the outcome with the declaration's messages. */
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

type TableProps = Omit<ResponsiveTableProps<Row>, 'rows' | 'sorting'>

/**
 * The list screen of a declared resource (DESIGN §9); `order` 2 makes it a section of a two-list screen (FAQ). With
 * `list` it pages on the server (DESIGN §13), its state in the URL.
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
  const remove = useDeleteResource(declaration)
  const navigate = useNavigate()
  const { labels, columns, screen } = declaration
  const subjectKey = columns.find((column) => column.kind === undefined || column.kind === 'text')
  const subjectOf = (row: Row) => asText(subjectKey && 'key' in subjectKey ? row[subjectKey.key] : row[declaration.key])
  const keyOf = (row: Row) => row[declaration.key] as ResourceRecord<D>[D['key']]
  const [positions] = useState(() => new WeakMap<Row, number>())
  const positionOf = (row: Row) => positions.get(row) ?? 0

  const markdownKeys = new Set<string>(
    declaration.fields.filter((field) => field.kind === 'markdown').map((field) => field.key),
  )
  const isMarkdown = (column: ResourceColumn) => 'key' in column && markdownKeys.has(column.key)
  const sorts: readonly string[] = declaration.list?.sorts ?? []
  const cellOf = (column: ResourceColumn, row: Row) => (
    <Cell column={column} row={row} position={positionOf(row)} subject={subjectOf(row)} markdown={isMarkdown(column)} />
  )

  const tableColumns: ResponsiveColumn<Row>[] = columns.map((column) => ({
    key: column.kind === 'position' ? '#' : column.key,
    header: column.label,
    cell: (row) => cellOf(column, row),
    nowrap: column.kind === 'position',
    sort: 'key' in column && sorts.includes(column.key) ? column.key : undefined,
  }))
  const thumbnail = columns.find((column) => column.kind === 'thumbnail')
  const details = columns.filter(
    (column) => column !== subjectKey && column.kind !== 'position' && column !== thumbnail,
  )

  const askToDelete = (row: Row) =>
    confirmResourceDelete(declaration, subjectOf(row), (callbacks) => remove.mutate(keyOf(row), callbacks))

  const plural = labels.plural.toLowerCase()
  const table: TableProps = {
    label: labels.plural,
    rowKey: (row) => asText(row[declaration.key]),
    columns: tableColumns,
    empty: `No ${plural} yet.${canChange ? ` ${labels.create} to add the first.` : ''}`,
    card: (row) => (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {thumbnail && cellOf(thumbnail, row)}
        <Stack gap={2} miw={0}>
          <Text fw={600}>{subjectOf(row) || '—'}</Text>
          {details.map((column) => (
            <Text key={column.label} fz="sm" c="gray.8" component="div">
              {cellOf(column, row)}
            </Text>
          ))}
        </Stack>
      </Group>
    ),
    actions: canChange
      ? (row) => (
          <RowActions
            subject={subjectOf(row)}
            onEdit={() => void navigate(editScreenOf(declaration, asText(row[declaration.key])))}
            onDelete={() => askToDelete(row)}
          />
        )
      : undefined,
  }
  const numberRows = (rows: readonly Row[], offset: number) =>
    rows.forEach((row, index) => positions.set(row, offset + index + 1))

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
      {declaration.list ? (
        <ResourcePages declaration={declaration} table={table} numberRows={numberRows} />
      ) : (
        <ResourceRows declaration={declaration} table={table} numberRows={numberRows} />
      )}
    </Stack>
  )
}

interface ResourceTableProps {
  declaration: AnyResource
  table: TableProps
  /** Numbers the rows shown from `offset` + 1 for the '#' column. */
  numberRows: (rows: readonly Row[], offset: number) => void
}

function ResourceRows({ declaration, table, numberRows }: ResourceTableProps) {
  const list = useResourceList(declaration)
  const { labels } = declaration
  if (list.data) numberRows(list.data, 0)
  return (
    <>
      {list.isPending && <SkeletonRows rows={5} label={`Loading ${labels.plural.toLowerCase()}`} />}
      {list.isError && (
        <FormError
          title={`${labels.plural} could not be loaded`}
          message={errorMessage(list.error, list.error.message)}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && <ResponsiveTable rows={list.data} {...table} />}
    </>
  )
}

function ResourcePages({ declaration, table, numberRows }: ResourceTableProps) {
  const list = useListParams({ sorts: declaration.list!.sorts, pageSize: RESOURCE_PAGE_SIZE })
  const query = usePagedQuery<Row>(resourceKeys.page(declaration), declaration.api, list)
  const { labels } = declaration
  const plural = labels.plural.toLowerCase()
  const searched = declaration.fields
    .filter((field) => (declaration.list!.search as readonly string[]).includes(field.key))
    .map((field) => field.label.toLowerCase())
  // The previous page stays on screen while the next loads, with its own numbers.
  if (query.data && !query.isPlaceholderData) numberRows(query.data.rows, (list.page - 1) * list.pageSize)
  return (
    <PagedTable
      query={query}
      list={list}
      loadingLabel={`Loading ${plural}`}
      search={{ label: `Search ${plural}`, placeholder: `Search by ${searched.join(' or ')}` }}
      count={(count, q) => foundCountOf(count, q, labels.singular.toLowerCase(), plural)}
      {...table}
      empty={list.q.trim() ? `No ${labels.singular.toLowerCase()} matches the search.` : table.empty}
    />
  )
}
