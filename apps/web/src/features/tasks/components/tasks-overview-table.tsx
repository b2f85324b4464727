import { Anchor, Group, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ColumnDef } from '@tanstack/react-table'
import { Link } from 'react-router'
import type { TaskOverviewRow } from '@storageops/contracts/tasks'
import { compareFacilityNames, formatDays, isOverviewWarning, roleAbbreviation } from '@storageops/contracts/task-rules'
import { SortableTable } from '../../../components/ui/sortable-table.tsx'
import { RoleBadge } from './role-badge.tsx'

function DaysCell({ days }: { days: number }) {
  if (!isOverviewWarning(days)) return <Text fz="sm">{formatDays(days)}</Text>
  return (
    <Group gap={4} wrap="nowrap" data-warning="true">
      <IconAlertTriangle size={15} color="var(--mantine-color-red-9)" aria-hidden />
      <Text fz="sm" fw={700} c="red.9">
        {formatDays(days)}
      </Text>
    </Group>
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
      <Anchor
        component={Link}
        to={`/snapshot/facility-tasks/${row.original.site_code}`}
        fw={600}
        fz="sm"
        display="inline-block"
        miw={200}
      >
        {row.original.facility_name}
        <Text span c="gray.7" fz="xs" fw={400} ml={6}>
          {row.original.site_code}
        </Text>
      </Anchor>
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
        <Text fz="sm" c="gray.7">
          —
        </Text>
      ) : (
        <Group gap={4} wrap="nowrap">
          {[...row.original.assigned_to].sort().map((role) => (
            <RoleBadge key={role} role={role} size="sm" />
          ))}
        </Group>
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
    />
  )
}
