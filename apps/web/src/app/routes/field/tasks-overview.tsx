import { useState } from 'react'
import { Alert, Anchor, Breadcrumbs, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconAlertCircle, IconSearch } from '@tabler/icons-react'
import { Link } from 'react-router'
import { TASK_SEARCH_DEBOUNCE_MS, TASK_TEXT } from '@storageops/contracts/task-rules'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useTasksOverview } from '../../../features/tasks/api/get-tasks-overview.ts'
import { useTaskSearch } from '../../../features/tasks/api/search-tasks.ts'
import { TasksOverviewTable } from '../../../features/tasks/components/tasks-overview-table.tsx'

/**
 * Task Overview (spec: snapshot-field-tool §2): open tasks per facility. Typing is debounced by
 * 1000 ms, then the server says which site codes match a unit number or task type; the table shows
 * only those.
 */
export function TasksOverviewPage() {
  const overview = useTasksOverview()
  const [query, setQuery] = useState('')
  const [debouncedQuery] = useDebouncedValue(query.trim(), TASK_SEARCH_DEBOUNCE_MS)
  const search = useTaskSearch(debouncedQuery)
  const isSearching = query.trim() !== debouncedQuery || (debouncedQuery !== '' && search.isFetching)

  const allRows = overview.data ?? []
  const matching = debouncedQuery && search.data ? new Set(search.data.site_codes) : null
  const rows = matching ? allRows.filter((row) => matching.has(row.site_code)) : allRows
  const openTasks = rows.reduce((sum, row) => sum + row.open_facility_tasks_count + row.open_unit_tasks_count, 0)

  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/" fz="sm">
          Facility Search
        </Anchor>
        <Text fz="sm" c="gray.7">
          Task Overview
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            Task Overview
          </Title>
          <Text c="gray.7">
            {overview.data
              ? `${rows.length} ${rows.length === 1 ? 'facility' : 'facilities'} · ${openTasks} open tasks`
              : 'Open tasks across facilities'}
          </Text>
        </Stack>
        <TextInput
          w={{ base: '100%', sm: 380 }}
          placeholder={TASK_TEXT.searchPlaceholder}
          aria-label="Search tasks by unit number or task type"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={isSearching ? <Loader size="xs" aria-label="Searching" /> : null}
          size="md"
        />
      </Group>

      {overview.isPending ? (
        <PageLoader label="Loading task overview…" />
      ) : overview.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The task overview could not be loaded">
          {overview.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl" bg="white">
          <Text c="gray.7" ta="center">
            {debouncedQuery ? `No facility has an open task matching “${debouncedQuery}”.` : 'No open tasks.'}
          </Text>
        </Paper>
      ) : (
        <TasksOverviewTable rows={rows} />
      )}
    </Stack>
  )
}
