import { useEffect, useRef } from 'react'
import { Anchor, Button, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import type { UnitStatus } from '@storageops/contracts/unit-map-rules'
import { PRIORITY_DISPLAY } from '@storageops/contracts/task-rules'
import { useOpenUnitTasks } from '../api/get-unit-open-tasks.ts'
import { unitSizeLabel } from '../unit-geometry.ts'
import { StatusBadge } from './status-badge.tsx'
import classes from './unit-map.module.css'

/**
 * The tapped unit (issue 5): status, open tasks, a link to create one. As a `sheet` (phones, issue 18) at most 40 %
 * of the screen, focused, closing on Escape; `onSheetHeight` lets the page make room below its content.
 */
export function UnitPanel({
  unit,
  siteCode,
  status,
  statusLoading = false,
  onClose,
  sheet = false,
  onSheetHeight,
}: {
  unit: LocationUnit
  siteCode: string
  status: UnitStatus | undefined
  statusLoading?: boolean
  onClose: () => void
  sheet?: boolean
  onSheetHeight?: (px: number) => void
}) {
  const openTasks = useOpenUnitTasks(siteCode, true)
  const tasks = openTasks.data?.get(unit.unit_no) ?? []
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (sheet) panel.current?.focus({ preventScroll: true })
  }, [sheet, unit.unit_no])
  useEffect(() => {
    const element = panel.current
    if (!sheet || !element || !onSheetHeight) return
    const observer = new ResizeObserver(() => onSheetHeight(element.getBoundingClientRect().height))
    observer.observe(element)
    return () => {
      observer.disconnect()
      onSheetHeight(0)
    }
  }, [sheet, onSheetHeight])
  return (
    <Paper
      ref={panel}
      withBorder
      radius="md"
      p="md"
      aria-label={`Unit ${unit.unit_no}`}
      role="region"
      tabIndex={sheet ? -1 : undefined}
      className={sheet ? classes.sheet : undefined}
      shadow={sheet ? 'xl' : undefined}
      onKeyDown={sheet ? (event) => event.key === 'Escape' && onClose() : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Text fw={700} fz="lg">
              Unit {unit.unit_no}
            </Text>
            <Text fz="sm" c="gray.7">
              {unitSizeLabel(unit)}
              {unit.category_name ? ` · ${unit.category_name}` : ''} · Floor {unit.floor_no}
            </Text>
          </Stack>
          {/* The status badge keeps its full word; the description wraps instead. */}
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <StatusBadge status={status} loading={statusLoading} />
            <CloseButton aria-label="Close unit details" onClick={onClose} />
          </Group>
        </Group>
        <Text fw={600} fz="sm">
          Open tasks
        </Text>
        {openTasks.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text fz="sm">Loading tasks…</Text>
          </Group>
        ) : openTasks.isError ? (
          <Text fz="sm" c="red.8">
            Tasks could not be loaded: {openTasks.error.message}
          </Text>
        ) : tasks.length === 0 ? (
          <Text fz="sm" c="gray.7">
            No open tasks for this unit.
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {tasks.map((task) => (
              <li key={task.id}>
                <Anchor component={Link} to={`/snapshot/task-details/${siteCode}/${task.id}`} fz="sm">
                  {task.task_type.title}
                </Anchor>
                <Text span fz="xs" c="gray.7">
                  {' '}
                  · {PRIORITY_DISPLAY[task.prior].label}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Button
          component={Link}
          to={`/snapshot/new-task/${siteCode}?unit_no=${encodeURIComponent(unit.unit_no)}`}
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          w="fit-content"
        >
          Create New Task
        </Button>
      </Stack>
    </Paper>
  )
}
