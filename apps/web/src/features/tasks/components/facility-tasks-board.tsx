import { useState } from 'react'
import { Badge, Button, SimpleGrid, Stack } from '@mantine/core'
import { IconArchive, IconHistory, IconListCheck, IconPlus } from '@tabler/icons-react'
import { Link, useSearchParams } from 'react-router'
import type { Location } from '@storageops/contracts/facilities'
import { TASK_CATEGORIES, type TaskCategory } from '@storageops/contracts/task-rules'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ActivityLogDrawer } from './activity-log-drawer.tsx'
import { TaskGroup } from './task-group.tsx'

const pageParam = (category: TaskCategory) => `${category}_page`

/** A facility's open or closed tasks (spec §2); each group's page is kept in the address (?property_page=2) for Back. */
export function FacilityTasksBoard({ facility, closed }: { facility: Location; closed: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [activityOpened, setActivityOpened] = useState(false)
  const siteCode = facility.location_code
  const pageOf = (category: TaskCategory) => Math.max(1, Number(searchParams.get(pageParam(category))) || 1)
  const setPage = (category: TaskCategory, page: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current)
      next.set(pageParam(category), String(page))
      return next
    })

  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[
          { label: 'Facility Search', to: '/' },
          { label: 'Task Overview', to: '/snapshot/tasks-overview' },
          { label: facility.name },
        ]}
        title={facility.name}
        badge={
          <Badge size="lg" variant="outline" color="harbor.8" radius="sm">
            {siteCode}
          </Badge>
        }
        description={`${closed ? 'Closed tasks' : 'Open tasks'} · ${facility.address}, ${facility.city}, ${facility.state} ${facility.zip}`}
        actions={
          <>
            <Button
              component={Link}
              to={`/snapshot/new-task/${siteCode}`}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              Create New Task
            </Button>
            {closed ? (
              <Button
                component={Link}
                to={`/snapshot/facility-tasks/${siteCode}`}
                variant="default"
                leftSection={<IconListCheck size={18} aria-hidden />}
              >
                Open Tasks
              </Button>
            ) : (
              <Button
                component={Link}
                to={`/snapshot/closed-task/${siteCode}`}
                variant="default"
                leftSection={<IconArchive size={18} aria-hidden />}
              >
                Archive
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconHistory size={18} aria-hidden />}
              onClick={() => setActivityOpened(true)}
            >
              Activity
            </Button>
          </>
        }
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="xl">
        {TASK_CATEGORIES.map((category) => (
          <TaskGroup
            key={category}
            siteCode={siteCode}
            category={category}
            closed={closed}
            page={pageOf(category)}
            onPageChange={(page) => setPage(category, page)}
          />
        ))}
      </SimpleGrid>

      <ActivityLogDrawer siteCode={siteCode} opened={activityOpened} onClose={() => setActivityOpened(false)} />
    </Stack>
  )
}
