import type { ReactNode } from 'react'
import { Anchor, Badge, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { formatDateTime } from '@storageops/contracts/date-time'
import type { Task } from '@storageops/contracts/tasks'
import {
  ROLE_LABELS,
  TASK_CATEGORY_HEADINGS,
  formatDays,
  isTaskCardWarning,
  taskAgeInDays,
} from '@storageops/contracts/task-rules'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { PriorityLabel } from './priority-label.tsx'
import { RoleBadge } from './role-badge.tsx'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="xs" tt="uppercase" fw={700} c="gray.7" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0} mt={2}>
        {children}
      </Text>
    </div>
  )
}

export function TaskFields({ task }: { task: Task }) {
  const age = taskAgeInDays(task)
  const isWarning = isTaskCardWarning(task)
  return (
    <SectionCard title="Task Details">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" m={0}>
        <Field label="Category">{TASK_CATEGORY_HEADINGS[task.task_type.category]}</Field>
        <Field label="Unit">{task.unit_no ?? '—'}</Field>
        <Field label="Priority">
          <PriorityLabel prior={task.prior} />
        </Field>
        <Field label="Status">
          <Badge color={task.status === 'open' ? 'teal.9' : 'gray.7'} radius="sm">
            {task.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        </Field>
        <Field label="Assigned To">
          {task.role ? (
            <Group gap={6} component="span" wrap="nowrap">
              <RoleBadge role={task.role} size="sm" />
              <span>{ROLE_LABELS[task.role]}</span>
            </Group>
          ) : (
            'Not assigned'
          )}
        </Field>
        <Field label={task.status === 'closed' ? 'Closed For' : 'Age'}>
          <Text span fz="sm" c={isWarning ? 'red.9' : undefined} fw={isWarning ? 700 : undefined}>
            {formatDays(age)}
          </Text>
        </Field>
        <Field label="Created">{formatDateTime(task.created_at)}</Field>
        <Field label="Last Updated">{formatDateTime(task.updated_at)}</Field>
        {task.closed_at && <Field label="Closed">{formatDateTime(task.closed_at)}</Field>}
        {task.appointment_id !== null && <Field label="Appointment">#{task.appointment_id}</Field>}
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
