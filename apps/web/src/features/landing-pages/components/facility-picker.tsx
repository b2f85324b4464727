import { useMemo, useState } from 'react'
import { Button, Checkbox, Fieldset, Group, ScrollArea, SimpleGrid, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

export interface PickableFacility {
  id: number
  name: string
  city: string
  state: string
}

/** The label of a facility in the picker (spec: admin-console-part-2 §2 "name (city, state)"). */
export const facilityLabel = (facility: PickableFacility) => `${facility.name} (${facility.city}, ${facility.state})`

/** The landing page's facility picker (spec: admin-console-part-2 §2); its search keeps what is checked. */
export function FacilityPicker({
  facilities,
  value,
  onChange,
  error,
}: {
  facilities: readonly PickableFacility[]
  value: readonly number[]
  onChange: (ids: number[]) => void
  error?: string
}) {
  const [search, setSearch] = useState('')
  const sorted = useMemo(() => [...facilities].sort((a, b) => a.name.localeCompare(b.name)), [facilities])
  const needle = search.trim().toLowerCase()
  const shown = needle ? sorted.filter((facility) => facilityLabel(facility).toLowerCase().includes(needle)) : sorted
  const chosen = new Set(value)
  const toggle = (id: number) => onChange(chosen.has(id) ? value.filter((item) => item !== id) : [...value, id])
  return (
    <Fieldset
      legend={
        <Text fw={500} fz="sm" component="span">
          Facilities{' '}
          <Text component="span" c="red.8" aria-hidden>
            *
          </Text>
        </Text>
      }
      radius="md"
    >
      <Group justify="space-between" mb="sm" gap="sm">
        <TextInput
          aria-label="Search facilities"
          placeholder="Search facilities"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Group gap="xs">
          <Text fz="sm" c="gray.7" aria-live="polite">
            {value.length} selected
          </Text>
          {value.length > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={() => onChange([])}>
              Clear
            </Button>
          )}
        </Group>
      </Group>
      <ScrollArea.Autosize mah={360} type="auto">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={8} role="group" aria-label="Facilities">
          {shown.map((facility) => (
            <Checkbox
              key={facility.id}
              label={facilityLabel(facility)}
              checked={chosen.has(facility.id)}
              onChange={() => toggle(facility.id)}
            />
          ))}
        </SimpleGrid>
        {shown.length === 0 && (
          <Text fz="sm" c="gray.7">
            No facility matches your search.
          </Text>
        )}
      </ScrollArea.Autosize>
      {error && (
        <Text c="red.8" fz="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  )
}
