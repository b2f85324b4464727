import type { ReactNode } from 'react'
import { Group, NativeSelect, UnstyledButton } from '@mantine/core'
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import type { SortOrder } from '@storageops/contracts/list-query'

/** A list sorted elsewhere (the server, from the URL: `useListParams`): the sorted column or null, and its direction. */
export interface TableSorting {
  sort: string | null
  order: SortOrder
  /** A header's click (the spec's cycle: unsorted → ascending → descending). */
  onSort: (column: string) => void
  /** The phones' sort choice. */
  onChoose: (sort: string | null, order: SortOrder) => void
}

export const ariaSortOf = (direction: SortOrder | false) =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'

/** A sortable column's header: the whole cell is the button; the icon shows the direction (SortableTable's look). */
export function SortHeaderButton({
  direction,
  onClick,
  children,
}: {
  direction: SortOrder | false
  onClick: () => void
  children: ReactNode
}) {
  const Icon = direction === 'asc' ? IconSortAscending : direction === 'desc' ? IconSortDescending : IconArrowsSort
  return (
    <UnstyledButton onClick={onClick} fz="sm" fw={700} w="100%" px="md" py="sm" style={{ whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        {children}
        <Icon
          size={15}
          color={direction ? 'var(--mantine-color-harbor-7)' : 'var(--mantine-color-gray-6)'}
          aria-hidden
        />
      </Group>
    </UnstyledButton>
  )
}

/** Phones: the sort as one choice ('City, descending'), since cards have no headers to click. */
export function SortChoice({
  columns,
  sort,
  order,
  onChoose,
}: {
  columns: readonly { key: string; label: string }[]
  sort: string | null
  order: SortOrder
  onChoose: (sort: string | null, order: SortOrder) => void
}) {
  const options = [
    { value: '', label: 'As listed' },
    ...columns.flatMap((column) => [
      { value: `${column.key}:asc`, label: `${column.label}, ascending` },
      { value: `${column.key}:desc`, label: `${column.label}, descending` },
    ]),
  ]
  return (
    <NativeSelect
      label="Sort by"
      data={options}
      value={sort ? `${sort}:${order}` : ''}
      onChange={(event) => {
        const [key, direction] = event.currentTarget.value.split(':')
        onChoose(key || null, direction === 'desc' ? 'desc' : 'asc')
      }}
    />
  )
}
