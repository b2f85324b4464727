import { useMemo } from 'react'
import { Stack } from '@mantine/core'
import { countOf } from '@storageops/contracts/counts'
import { TASK_SEARCH_DEBOUNCE_MS, TASK_TEXT } from '@storageops/contracts/task-rules'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { ListHeader } from '../../../components/ui/list-header.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { useTasksOverview } from '../../../features/tasks/api/get-tasks-overview.ts'
import { useTaskSearch } from '../../../features/tasks/api/search-tasks.ts'
import { TASK_OVERVIEW_SORTS, TasksOverviewTable } from '../../../features/tasks/components/tasks-overview-table.tsx'

/** Task Overview (spec: snapshot-field-tool §2); search and sort live in the address (issue 30). */
export function TasksOverviewPage() {
  const overview = useTasksOverview()
  // The whole list is in memory and drawn as it scrolls: no pages.
  const list = useListParams({ sorts: TASK_OVERVIEW_SORTS, pageSize: 0 })
  const search = useTaskSearch(list.q)
  const matching = list.q.trim() ? search.data?.matching_tasks_count : undefined
  // A search narrows the table to the matching facilities, each with its own figures (issue 34).
  const rows = useMemo(
    () => (matching ? overview.data?.filter((row) => row.site_code in matching) : overview.data) ?? [],
    [overview.data, matching],
  )
  const openTasks = matching
    ? Object.values(matching).reduce((sum, count) => sum + count, 0)
    : rows.reduce((sum, row) => sum + row.open_facility_tasks_count + row.open_unit_tasks_count, 0)
  const sorted = list.sort === 'matching_tasks_count' && !matching ? null : list.sort

  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[{ label: 'Facility Search', to: '/' }, { label: 'Task Overview' }]}
        title="Task Overview"
        description={
          overview.data
            ? `${countOf(rows.length, 'facility', 'facilities')} · ${countOf(openTasks, 'open task')}${matching ? ` matching “${list.q.trim()}”` : ''}`
            : 'Open tasks across facilities'
        }
        actions={
          <ListHeader
            search={{
              label: 'Search tasks by unit number or task type',
              placeholder: TASK_TEXT.searchPlaceholder,
              value: list.q,
              onChange: list.setQ,
              debounceMs: TASK_SEARCH_DEBOUNCE_MS,
            }}
            busy={list.q.trim() !== '' && search.isFetching}
          />
        }
      />

      {overview.isPending ? (
        <PageLoader label="Loading task overview…" />
      ) : overview.isError ? (
        <FormError title="The task overview could not be loaded" message={overview.error.message} />
      ) : rows.length === 0 ? (
        <EmptyPanel>
          {list.q.trim() ? `No facility has an open task matching “${list.q.trim()}”.` : 'No open tasks.'}
        </EmptyPanel>
      ) : (
        <TasksOverviewTable
          rows={rows}
          matching={matching}
          sort={sorted ? { id: sorted, desc: list.order === 'desc' } : null}
          onSortChange={(next) => list.setSort(next?.id ?? null, next?.desc ? 'desc' : 'asc')}
        />
      )}
    </Stack>
  )
}
