import { Anchor, Badge, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { Link } from 'react-router'
import { formatDateTime } from '@storageops/contracts/date-time'
import type { Task } from '@storageops/contracts/tasks'
import {
  ROLE_LABELS,
  TASK_CATEGORY_HEADINGS,
  formatDays,
  isTaskCardWarning,
  taskAgeInDays,
} from '@storageops/contracts/task-rules'
import { LabelledValue } from '../../../components/ui/labelled-value.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { PriorityLabel } from './priority-label.tsx'
import { RoleBadge } from './role-badge.tsx'

export function TaskFields({ task }: { task: Task }) {
  const age = taskAgeInDays(task)
  const isWarning = isTaskCardWarning(task)
  return (
    <SectionCard title="Task Details">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" m={0}>
        <LabelledValue label="Category">{TASK_CATEGORY_HEADINGS[task.task_type.category]}</LabelledValue>
        <LabelledValue label="Unit">{task.unit_no ?? '—'}</LabelledValue>
        <LabelledValue label="Priority">
          <PriorityLabel prior={task.prior} />
        </LabelledValue>
        <LabelledValue label="Status">
          <Badge color={task.status === 'open' ? 'teal.9' : 'gray.7'} radius="sm">
            {task.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        </LabelledValue>
        <LabelledValue label="Assigned To">
          {task.role ? (
            <Group gap={6} component="span" wrap="nowrap">
              <RoleBadge role={task.role} size="sm" />
              <span>{ROLE_LABELS[task.role]}</span>
            </Group>
          ) : (
            'Not assigned'
          )}
        </LabelledValue>
        <LabelledValue label={task.status === 'closed' ? 'Closed For' : 'Age'}>
          <Text span fz="sm" c={isWarning ? 'red.9' : undefined} fw={isWarning ? 700 : undefined}>
            {formatDays(age)}
          </Text>
        </LabelledValue>
        <LabelledValue label="Created">{formatDateTime(task.created_at)}</LabelledValue>
        <LabelledValue label="Last Updated">{formatDateTime(task.updated_at)}</LabelledValue>
        {task.closed_at && <LabelledValue label="Closed">{formatDateTime(task.closed_at)}</LabelledValue>}
        {task.appointment_id !== null && <LabelledValue label="Appointment">#{task.appointment_id}</LabelledValue>}
        {task.walkthrough_id !== null && (
          <LabelledValue label="Found in">
            <Anchor component={Link} to={`/snapshot/${task.site_code}/walkthroughs/${task.walkthrough_id}`} fz="sm">
              Walkthrough #{task.walkthrough_id}
            </Anchor>
          </LabelledValue>
        )}
      </SimpleGrid>
      <Stack gap={4} mt="lg">
        <Text fz="xs" tt="uppercase" fw={700} c="gray.7" lts={0.3}>
          Description
        </Text>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.description}
        </Text>
      </Stack>
      {task.images.length > 0 && (
        <Stack gap={6} mt="lg">
          <Text fz="xs" tt="uppercase" fw={700} c="gray.7" lts={0.3}>
            Photos
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {task.images.map((url, index) => {
              const thumbnail = task.thumbnails[index]
              return (
                <Anchor
                  key={url}
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Open photo ${index + 1} of ${task.images.length}`}
                >
                  {thumbnail ? (
                    <Image src={thumbnail} h={96} radius="sm" fit="cover" alt={`Photo ${index + 1}`} />
                  ) : (
                    <Stack h={96} align="center" justify="center" gap={2} bg="gray.1" style={{ borderRadius: 4 }}>
                      <IconPhoto size={24} aria-hidden />
                      <Text fz="xs">HEIC</Text>
                    </Stack>
                  )}
                </Anchor>
              )
            })}
          </SimpleGrid>
        </Stack>
      )}
    </SectionCard>
  )
}
