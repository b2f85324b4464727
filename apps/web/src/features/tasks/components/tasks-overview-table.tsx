import { useMemo } from 'react'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ColumnDef, ColumnSort } from '@tanstack/react-table'
import { Link } from 'react-router'
import type { TaskOverviewRow } from '@storageops/contracts/tasks'
import { compareFacilityNames, formatDays, isOverviewWarning, roleAbbreviation } from '@storageops/contracts/task-rules'
import { cellClasses as classes } from '../../../components/ui/sortable-table.tsx'
import { VirtualSortableTable } from '../../../components/ui/virtual-sortable-table.tsx'
import { RoleBadge } from './role-badge.tsx'

/** The scroll box of the rows (issue 30): what a screen holds below the page's header and search. */
const VIRTUAL = { maxHeight: 'max(20rem, calc(100dvh - 15rem))', rowHeight: 53, cardHeight: 232 }

function DaysCell({ days }: { days: number }) {
  if (!isOverviewWarning(days)) return <p className={classes.days}>{formatDays(days)}</p>
  return (
    <p className={`${classes.days} ${classes.warning}`} data-warning="true">
      <IconAlertTriangle size={15} aria-hidden />
      {formatDays(days)}
    </p>
  )
}

const columns: ColumnDef<TaskOverviewRow>[] = [
  {
    id: 'facility',
    header: 'Facility',
    accessorFn: (row) => row.facility_name,
    sortingFn: (left, right) => compareFacilityNames(left.original.facility_name, right.original.facility_name),
    cell: ({ row }) => (
      <Link to={`/snapshot/facility-tasks/${row.original.site_code}`} className={classes.facility}>
        {row.original.facility_name}
        <span className={classes.siteCode}>{row.original.site_code}</span>
      </Link>
    ),
  },
  { id: 'open_facility_tasks_count', header: 'Open Facility Tasks', accessorKey: 'open_facility_tasks_count' },
  { id: 'open_unit_tasks_count', header: 'Open Unit Tasks', accessorKey: 'open_unit_tasks_count' },
  {
    id: 'oldest_task_in_day',
    header: 'Oldest Task',
    accessorKey: 'oldest_task_in_day',
    cell: ({ row }) => <DaysCell days={row.original.oldest_task_in_day} />,
  },
  {
    id: 'max_inactivity_in_day',
    header: 'Max Inactivity',
    accessorKey: 'max_inactivity_in_day',
    cell: ({ row }) => <DaysCell days={row.original.max_inactivity_in_day} />,
  },
  {
    id: 'assigned_to',
    header: 'Assigned To',
    accessorFn: (row) => row.assigned_to.map(roleAbbreviation).sort().join(', '),
    sortingFn: 'text',
    cell: ({ row }) =>
      row.original.assigned_to.length === 0 ? (
        <p className={`${classes.days} ${classes.none}`}>—</p>
      ) : (
        <div className={classes.roles}>
          {[...row.original.assigned_to].sort().map((role) => (
            <RoleBadge key={role} role={role} size="sm" />
          ))}
        </div>
      ),
  },
]

/** The sort names the page keeps in its address: the columns' ids, the search's count among them. */
export const TASK_OVERVIEW_SORTS = [...columns.map((column) => column.id!), 'matching_tasks_count']

/** While searching: how many of each facility's open tasks match, beside its own figures (issue 34). */
function withMatching(matching: Readonly<Record<string, number>>): ColumnDef<TaskOverviewRow>[] {
  const column: ColumnDef<TaskOverviewRow> = {
    id: 'matching_tasks_count',
    header: 'Matching Tasks',
    accessorFn: (row) => matching[row.site_code] ?? 0,
  }
  return [columns[0]!, column, ...columns.slice(1)]
}

/** The Task Overview table (spec §2, §4), drawn only in view; `matching`: the search's counts by site code. */
export function TasksOverviewTable({
  rows,
  matching,
  sort,
  onSortChange,
}: {
  rows: TaskOverviewRow[]
  matching?: Readonly<Record<string, number>>
  sort: ColumnSort | null
  onSortChange: (sort: ColumnSort | null) => void
}) {
  const shown = useMemo(() => (matching ? withMatching(matching) : columns), [matching])
  return (
    <VirtualSortableTable
      rows={rows}
      columns={shown}
      minWidth={880}
      caption="Open tasks by facility"
      rowKey={(row) => row.site_code}
      sort={sort}
      onSortChange={onSortChange}
      virtual={{ ...VIRTUAL, testId: 'tasks-overview-rows' }}
    />
  )
}
