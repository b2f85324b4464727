import { useId } from 'react'
import { Badge, Center, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconClipboardCheck } from '@tabler/icons-react'
import { TASK_CATEGORY_HEADINGS, TASK_PAGE_SIZE, TASK_TEXT, type TaskCategory } from '@storageops/contracts/task-rules'
import { useTasks } from '../api/get-tasks.ts'
import { TaskCard } from './task-card.tsx'

/** Property Tasks or Unit Tasks of a facility (spec §2), 10 per page; a list that fails to load shows as empty (§8). */
export function TaskGroup({
  siteCode,
  category,
  closed,
  page,
  onPageChange,
}: {
  siteCode: string
  category: TaskCategory
  closed: boolean
  page: number
  onPageChange: (page: number) => void
}) {
  const headingId = useId()
  const tasks = useTasks({ siteCode, closed, type: category, page })
  const heading = `${closed ? 'Closed: ' : ''}${TASK_CATEGORY_HEADINGS[category]}`
  const entries = tasks.isError ? [] : (tasks.data?.entries ?? [])
  const total = tasks.isError ? 0 : (tasks.data?.total_entries ?? 0)
  const pageCount = Math.ceil(total / TASK_PAGE_SIZE)
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2} fz="h3" id={headingId}>
          {heading}
        </Title>
        {tasks.data && !tasks.isError && (
          <Badge variant="outline" color="gray.7" size="lg" radius="sm">
            {total}
          </Badge>
        )}
      </Group>
      {tasks.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={`Loading ${heading}`}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={116} radius="md" />
          ))}
        </Stack>
      ) : entries.length === 0 ? (
        <Paper withBorder radius="md" p="xl" bg="white">
          <Center>
            <Stack align="center" gap={6}>
              <IconClipboardCheck size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text c="gray.7">{TASK_TEXT.noTasks}</Text>
            </Stack>
          </Center>
        </Paper>
      ) : (
        <Stack gap="sm" style={{ opacity: tasks.isPlaceholderData ? 0.6 : 1 }}>
          {entries.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
        </Stack>
      )}
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={page}
            onChange={onPageChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `${heading} page ${item}` })}
          />
        </Group>
      )}
    </Stack>
  )
}
