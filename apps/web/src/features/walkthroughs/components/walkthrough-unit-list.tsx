import { useMemo, useState } from 'react'
import { Anchor, Badge, Button, SegmentedControl, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { formatDateTime } from '@storageops/contracts/date-time'
import { DISCREPANCY_TASKS, EXPECTATION_LABELS, OBSERVATION_LABELS } from '@storageops/contracts/walkthrough-rules'
import type { ResponsiveColumn } from '../../../components/ui/responsive-table.tsx'
import { VirtualResponsiveTable } from '../../../components/ui/virtual-responsive-table.tsx'
import { describeSystemState } from '../unit-text.ts'
import { doorStateOf, type ShownUnit } from '../walkthrough-view.ts'

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'to_check', label: 'To check' },
  { value: 'discrepancy', label: 'Discrepancies' },
] as const
type Filter = (typeof FILTERS)[number]['value']

function Found({ unit }: { unit: ShownUnit }) {
  if (unit.observed === null)
    return (
      <Text fz="sm" c="gray.7">
        {unit.expected === 'skip' ? 'Skipped' : 'Not checked'}
      </Text>
    )
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={600}>
        {OBSERVATION_LABELS[unit.observed]}
        {unit.lock_serial ? ` · ${unit.lock_serial}` : ''}
      </Text>
      <Text fz="xs" c="gray.7">
        {unit.observed_by?.full_name}
        {unit.observed_at ? ` · ${formatDateTime(unit.observed_at)}` : ''}
        {unit.pending ? ' · waiting to sync' : ''}
      </Text>
    </Stack>
  )
}

function Finding({ unit, siteCode }: { unit: ShownUnit; siteCode: string }) {
  if (!unit.discrepancy) return <Text fz="sm">{doorStateOf(unit) === 'agrees' ? 'Agrees' : '—'}</Text>
  const title = DISCREPANCY_TASKS[unit.discrepancy].title
  return unit.task_id ? (
    <Anchor component={Link} to={`/snapshot/task-details/${siteCode}/${unit.task_id}`} fz="sm" fw={600} c="red.9">
      {title} (task #{unit.task_id})
    </Anchor>
  ) : (
    <Badge color="red.9" radius="sm">
      {title}
    </Badge>
  )
}

/** A walkthrough's units in walk order (issue 31), virtualised, filtered to those left or the discrepancies. */
export function WalkthroughUnitList({
  units,
  siteCode,
  onCheck,
}: {
  units: readonly ShownUnit[]
  siteCode: string
  onCheck?: (unit: ShownUnit) => void
}) {
  const [filter, setFilter] = useState<Filter>('all')
  const shown = useMemo(
    () => (filter === 'all' ? units : units.filter((unit) => doorStateOf(unit) === filter)),
    [units, filter],
  )
  const columns: ResponsiveColumn<ShownUnit>[] = [
    { key: 'position', header: '#', cell: (unit) => unit.position + 1, align: 'right' },
    { key: 'unit', header: 'Unit', cell: (unit) => <Text fw={600}>{unit.unit_no}</Text>, nowrap: true },
    { key: 'floor', header: 'Floor', cell: (unit) => unit.floor_no },
    {
      key: 'expects',
      header: 'Expects',
      cell: (unit) => (
        <Stack gap={0}>
          <Text fz="sm">{EXPECTATION_LABELS[unit.expected]}</Text>
          <Text fz="xs" c="gray.7">
            {describeSystemState(unit)}
          </Text>
        </Stack>
      ),
    },
    { key: 'found', header: 'Found', cell: (unit) => <Found unit={unit} /> },
    { key: 'finding', header: 'Finding', cell: (unit) => <Finding unit={unit} siteCode={siteCode} /> },
  ]
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Units shown"
        value={filter}
        onChange={setFilter}
        data={FILTERS.map((entry) => ({ ...entry }))}
        w="fit-content"
      />
      <VirtualResponsiveTable
        label="Units in walk order"
        rows={shown}
        rowKey={(unit) => unit.unit_no}
        columns={columns}
        minWidth={760}
        wideFrom="md"
        virtual={{ maxHeight: '60vh', rowHeight: 53, cardHeight: 170, testId: 'walkthrough-units' }}
        empty={
          filter === 'to_check'
            ? 'Every unit is checked.'
            : filter === 'discrepancy'
              ? 'No discrepancies.'
              : 'No units.'
        }
        actions={
          onCheck &&
          ((unit) =>
            unit.expected === 'skip' ? null : (
              <Button
                variant="light"
                size="compact-sm"
                onClick={() => onCheck(unit)}
                aria-label={`Check unit ${unit.unit_no}`}
              >
                Check
              </Button>
            ))
        }
        card={(unit) => (
          <Stack gap={4} align="flex-start">
            <Text fw={700}>
              {unit.position + 1}. Unit {unit.unit_no} · Floor {unit.floor_no}
            </Text>
            <Text fz="sm">
              Expects {EXPECTATION_LABELS[unit.expected].toLowerCase()} ({describeSystemState(unit)})
            </Text>
            <Found unit={unit} />
            <Finding unit={unit} siteCode={siteCode} />
          </Stack>
        )}
      />
    </Stack>
  )
}
