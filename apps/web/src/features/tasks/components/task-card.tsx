import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconClock, IconPhoto } from '@tabler/icons-react'
import { Link } from 'react-router'
import { countOf } from '@storageops/contracts/counts'
import type { TaskSummary } from '@storageops/contracts/tasks'
import { TASK_CARD_WARNING_DAYS, formatDays, isTaskCardWarning, taskAgeInDays } from '@storageops/contracts/task-rules'
import { PriorityLabel } from './priority-label.tsx'
import { RoleBadge } from './role-badge.tsx'
import classes from './task-card.module.css'

/** A task card (spec §2): the warning style when an open task is 10 or more days old. */
export function TaskCard({ task }: { task: TaskSummary }) {
  const age = taskAgeInDays(task)
  const isWarning = isTaskCardWarning(task)
  const ageText = task.status === 'closed' ? `Closed ${formatDays(age)} ago` : `${formatDays(age)} old`
  return (
    <Card
      component={Link}
      to={`/snapshot/task-details/${task.site_code}/${task.id}`}
      withBorder
      radius="md"
      padding="md"
      className={`${classes.card} ${isWarning ? classes.warning : ''}`}
      data-warning={isWarning}
      data-testid="task-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} lh={1.3}>
            {task.task_type.title}
          </Text>
          {task.unit_no && (
            <Text fz="sm" c="gray.7">
              Unit {task.unit_no}
            </Text>
          )}
        </Stack>
        <PriorityLabel prior={task.prior} />
      </Group>
      <Text fz="sm" mt="xs" lineClamp={3} c="dark.6">
        {task.description}
      </Text>
      <Group justify="space-between" mt="sm" gap="xs">
        <Group gap={6} wrap="nowrap">
          {isWarning ? (
            <IconAlertTriangle size={16} color="var(--mantine-color-red-9)" aria-hidden />
          ) : (
            <IconClock size={16} color="var(--mantine-color-gray-7)" aria-hidden />
          )}
          <Text fz="xs" c={isWarning ? 'red.9' : 'gray.7'} fw={isWarning ? 600 : 400}>
            {ageText}
          </Text>
          {isWarning && (
            <Badge size="xs" color="red.9" variant="outline">
              {TASK_CARD_WARNING_DAYS}+ days
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          {task.images.length > 0 && (
            <Group gap={2} c="gray.7" aria-label={countOf(task.images.length, 'photo')}>
              <IconPhoto size={16} aria-hidden />
              <Text fz="xs">{task.images.length}</Text>
            </Group>
          )}
          {task.role && <RoleBadge role={task.role} size="sm" />}
        </Group>
      </Group>
    </Card>
  )
}
