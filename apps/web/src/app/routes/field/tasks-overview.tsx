import { useState } from 'react'
import { Loader, Stack, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { countOf } from '@storageops/contracts/counts'
import { TASK_SEARCH_DEBOUNCE_MS, TASK_TEXT } from '@storageops/contracts/task-rules'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useTasksOverview } from '../../../features/tasks/api/get-tasks-overview.ts'
import { useTaskSearch } from '../../../features/tasks/api/search-tasks.ts'
import { TasksOverviewTable } from '../../../features/tasks/components/tasks-overview-table.tsx'

/** Task Overview (spec: snapshot-field-tool §2): the server says which site codes match the debounced search. */
export function TasksOverviewPage() {
  const overview = useTasksOverview()
  const [query, setQuery] = useState('')
  const [debouncedQuery] = useDebouncedValue(query.trim(), TASK_SEARCH_DEBOUNCE_MS)
  const search = useTaskSearch(debouncedQuery)
  const isSearching = query.trim() !== debouncedQuery || (debouncedQuery !== '' && search.isFetching)

  // While a search is active the rows are the server's, counted over the matching tasks only (issue 18).
  const rows = (debouncedQuery && search.data ? search.data.overview : overview.data) ?? []
  const openTasks = rows.reduce((sum, row) => sum + row.open_facility_tasks_count + row.open_unit_tasks_count, 0)

  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[{ label: 'Facility Search', to: '/' }, { label: 'Task Overview' }]}
        title="Task Overview"
        description={
          overview.data
            ? `${countOf(rows.length, 'facility', 'facilities')} · ${countOf(openTasks, 'open task')}${debouncedQuery && search.data ? ` matching “${debouncedQuery}”` : ''}`
            : 'Open tasks across facilities'
        }
        actions={
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
        }
      />

      {overview.isPending ? (
        <PageLoader label="Loading task overview…" />
      ) : overview.isError ? (
        <FormError title="The task overview could not be loaded" message={overview.error.message} />
      ) : rows.length === 0 ? (
        <EmptyPanel>
          {debouncedQuery ? `No facility has an open task matching “${debouncedQuery}”.` : 'No open tasks.'}
        </EmptyPanel>
      ) : (
        <TasksOverviewTable rows={rows} />
      )}
    </Stack>
  )
}
