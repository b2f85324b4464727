import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import { countOf } from '@storageops/contracts/counts'
import {
  DISCREPANCIES,
  DISCREPANCY_TASKS,
  WALKTHROUGH_STATUS_LABELS,
  formatDuration,
  type Discrepancy,
  type WalkthroughStatus,
} from '@storageops/contracts/walkthrough-rules'
import type { WalkthroughSummary } from '@storageops/contracts/walkthroughs'
import { LabelledValue } from '../../../components/ui/labelled-value.tsx'

/** 'Full walkthrough', 'Partial', 'In progress' or 'Paused': a walkthrough's state as the archive and results name it. */
export function WalkthroughStateBadge({ status, full }: { status: WalkthroughStatus; full: boolean }) {
  if (status !== 'finished')
    return (
      <Badge color={status === 'paused' ? 'gray.7' : 'harbor'} radius="sm" variant="light">
        {WALKTHROUGH_STATUS_LABELS[status]}
      </Badge>
    )
  return (
    <Badge color={full ? 'teal.9' : 'gray.7'} radius="sm">
      {full ? 'Full walkthrough' : 'Partial'}
    </Badge>
  )
}

/** The discrepancies with a count, by kind ('Unit not secured 2 · Door damaged 1'), or 'None'. */
export function discrepancyText(counts: Record<Discrepancy, number>): string {
  const found = DISCREPANCIES.filter((kind) => counts[kind] > 0)
  return found.length === 0
    ? 'None'
    : found.map((kind) => `${DISCREPANCY_TASKS[kind].title} ${counts[kind]}`).join(' · ')
}

/** How far a walkthrough is: units checked of those to check, and the discrepancies found so far. */
export function WalkthroughProgress({
  checked,
  total,
  discrepancies,
}: {
  checked: number
  total: number
  discrepancies: number
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={600}>
          {checked.toLocaleString('en-US')} of {countOf(total, 'unit')} checked
        </Text>
        <Text fz="sm" c={discrepancies > 0 ? 'red.9' : 'gray.7'}>
          {countOf(discrepancies, 'discrepancy', 'discrepancies')}
        </Text>
      </Group>
      <Progress
        value={total === 0 ? 0 : (checked / total) * 100}
        aria-label={`${checked} of ${total} units checked`}
        size="lg"
        radius="sm"
      />
    </Stack>
  )
}

/** A finished walkthrough's figures (issue 31): checked, discrepancies by kind, tasks, walkers and walking time. */
export function WalkthroughFigures({ walkthrough }: { walkthrough: WalkthroughSummary }) {
  const figures = [
    [
      'Units checked',
      `${walkthrough.checked_count.toLocaleString('en-US')} of ${walkthrough.unit_count.toLocaleString('en-US')}`,
    ],
    ['Discrepancies', discrepancyText(walkthrough.discrepancies)],
    ['Tasks raised or noted', String(walkthrough.task_count)],
    ['Walked by', walkthrough.walkers.map((walker) => walker.full_name).join(', ') || '—'],
    ['Walking time', formatDuration(walkthrough.duration_seconds)],
  ] as const
  return (
    <Paper withBorder radius="md" p="md" bg="white">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
        {figures.map(([label, value]) => (
          <LabelledValue key={label} label={label}>
            {value}
          </LabelledValue>
        ))}
      </SimpleGrid>
    </Paper>
  )
}
