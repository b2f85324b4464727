import { useMemo } from 'react'
import { Accordion, Button, Stack, Text } from '@mantine/core'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import type { UnitStatus } from '@storageops/contracts/unit-map-rules'
import type { ResponsiveColumn } from '../../../components/ui/responsive-table.tsx'
import { VirtualResponsiveTable } from '../../../components/ui/virtual-responsive-table.tsx'
import { unitSizeLabel } from '../unit-geometry.ts'
import { StatusBadge } from './status-badge.tsx'

/** Floors with more units are listed virtualised: a 5,000-unit floor's rows took seconds to mount (issue 17). */
const VIRTUAL_FROM = 400

/**
 * The canvas map's text alternative (issue 18), filtered like the map. Rows mount only while open: kept mounted, React
 * rendered them in 5 ms slices every frame of a pan (issue 17).
 */
export function UnitList({
  units,
  statuses,
  statusesLoading = false,
  query,
  onSelect,
}: {
  units: readonly LocationUnit[]
  statuses: ReadonlyMap<string, UnitStatus> | undefined
  statusesLoading?: boolean
  query: string
  onSelect: (unit: LocationUnit) => void
}) {
  const sorted = useMemo(
    () => [...units].sort((a, b) => a.unit_no.localeCompare(b.unit_no, undefined, { numeric: true })),
    [units],
  )
  const columns: ResponsiveColumn<LocationUnit>[] = [
    { key: 'unit', header: 'Unit', cell: (unit) => <Text fw={600}>{unit.unit_no}</Text>, nowrap: true },
    { key: 'type', header: 'Type', cell: (unit) => unit.category_name ?? '—' },
    { key: 'size', header: 'Size', cell: (unit) => unitSizeLabel(unit), nowrap: true },
    {
      key: 'status',
      header: 'Status',
      cell: (unit) => <StatusBadge status={statuses?.get(unit.unit_no)} loading={statusesLoading} />,
    },
  ]
  const show = (unit: LocationUnit) => (
    <Button
      variant="light"
      size="compact-sm"
      onClick={() => onSelect(unit)}
      aria-label={`Show unit ${unit.unit_no} on the map`}
    >
      Show on map
    </Button>
  )
  return (
    <Accordion variant="contained" radius="md" chevronPosition="right" keepMounted={false}>
      <Accordion.Item value="units">
        <Accordion.Control>
          {query
            ? `Units on this floor matching "${query}" (${sorted.length})`
            : `Units on this floor (${sorted.length})`}
        </Accordion.Control>
        <Accordion.Panel>
          <VirtualResponsiveTable
            label="Units on this floor"
            rows={sorted}
            rowKey={(unit) => unit.id}
            columns={columns}
            minWidth={480}
            virtual={
              sorted.length > VIRTUAL_FROM
                ? { maxHeight: '60vh', rowHeight: 45, cardHeight: 150, testId: 'unit-list' }
                : undefined
            }
            empty={query ? `No unit on this floor matches "${query}".` : 'No units on this floor.'}
            actions={show}
            card={(unit) => (
              <Stack gap={4} align="flex-start">
                <Text fw={700}>Unit {unit.unit_no}</Text>
                <Text fz="sm" c="gray.7">
                  {unitSizeLabel(unit)}
                  {unit.category_name ? ` · ${unit.category_name}` : ''}
                </Text>
                <StatusBadge status={statuses?.get(unit.unit_no)} loading={statusesLoading} />
              </Stack>
            )}
          />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  )
}
