import { useState, type ReactNode } from 'react'
import { CloseButton, Group, Loader, Stack, Text, TextInput, type MantineSize } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'

export interface ListSearch {
  label: string
  placeholder: string
  /** The search in force (the URL's `q`, or a screen's own state). */
  value: string
  onChange: (q: string) => void
  /** Typing waits this long before `onChange` (a server list asks once per pause, not per key); 0 at once. */
  debounceMs?: number
  size?: MantineSize
}

/**
 * The header of a searchable list (DESIGN §13): search box with Clear, the announced count and the list's actions;
 * `busy` spins in the box at once while the rows follow.
 */
export function ListHeader({
  search,
  count,
  busy = false,
  actions,
}: {
  search?: ListSearch
  count?: ReactNode
  busy?: boolean
  actions?: ReactNode
}) {
  return (
    // Full width on a phone also where it is a flex item (PageHeader's actions), so the search box spans the screen.
    <Stack gap="xs" w={{ base: '100%', sm: 'auto' }}>
      {(search || actions) && (
        <Group justify="space-between" align="flex-end" gap="sm">
          {search && <SearchBox {...search} busy={busy} />}
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
      )}
      {count !== undefined && (
        <Text fz="sm" c="gray.7" role="status" aria-live="polite">
          {count}
        </Text>
      )}
    </Stack>
  )
}

function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  debounceMs = 0,
  size = 'md',
  busy,
}: ListSearch & { busy: boolean }) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  // The search changed elsewhere (Back, a link): the box follows it.
  if (value !== shown) {
    setShown(value)
    setText(value)
  }
  const commit = (next: string) => {
    setShown(next)
    onChange(next)
  }
  const send = useDebouncedCallback(commit, debounceMs)
  const type = (next: string) => {
    setText(next)
    if (debounceMs > 0) send(next)
    else commit(next)
  }
  const clear = () => {
    send.cancel()
    setText('')
    commit('')
  }
  return (
    <TextInput
      type="search"
      size={size}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => type(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') send.flush()
      }}
      leftSection={<IconSearch size={size === 'lg' ? 20 : 16} aria-hidden />}
      rightSection={
        busy || text !== shown ? (
          <Loader size="xs" aria-label="Searching" />
        ) : text ? (
          <CloseButton aria-label="Clear search" onClick={clear} />
        ) : null
      }
      w={{ base: '100%', sm: 420 }}
    />
  )
}
