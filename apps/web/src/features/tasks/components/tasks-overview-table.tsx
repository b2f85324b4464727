import { IconAlertTriangle } from '@tabler/icons-react'
import type { ColumnDef } from '@tanstack/react-table'
import { Link } from 'react-router'
import type { TaskOverviewRow } from '@storageops/contracts/tasks'
import { compareFacilityNames, formatDays, isOverviewWarning, roleAbbreviation } from '@storageops/contracts/task-rules'
import { SortableTable, cellClasses as classes } from '../../../components/ui/sortable-table.tsx'
import { RoleBadge } from './role-badge.tsx'

/** Cards drawn at once on a phone, the rest right after (SortableTable renderFirst): the first screen shows three. */
const FIRST_ROWS = 8

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
    // The trailing number of the name orders facilities (spec §2).
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

/** The Task Overview table (spec §2, §4): Facility sorts by its trailing number; 7 days or more in the warning style. */
export function TasksOverviewTable({ rows }: { rows: TaskOverviewRow[] }) {
  return (
    <SortableTable
      rows={rows}
      columns={columns}
      minWidth={880}
      caption="Open tasks by facility"
      rowKey={(row) => row.site_code}
      renderFirst={FIRST_ROWS}
    />
  )
}
