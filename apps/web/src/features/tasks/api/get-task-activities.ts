import { useInfiniteQuery } from '@tanstack/react-query'
import type { TaskActivityList } from '@storageops/contracts/tasks'
import { TASK_PAGE_SIZE } from '@storageops/contracts/task-rules'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

export function getTaskActivities(siteCode: string, page: number) {
  return api.get<TaskActivityList>(
    `/api/task_activities?location_code=${encodeURIComponent(siteCode)}&page=${page}&page_size=${TASK_PAGE_SIZE}`,
  )
}

/** The activity log, one page at a time on Load more (spec §4); loads only while `enabled` (the drawer is open). */
export function useTaskActivities(siteCode: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: taskKeys.activities(siteCode),
    queryFn: ({ pageParam }) => getTaskActivities(siteCode, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * TASK_PAGE_SIZE < last.total_entries ? pages.length + 1 : undefined,
    enabled,
  })
}
