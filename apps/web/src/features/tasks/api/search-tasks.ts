import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TaskSearchResult } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

export function searchTasks(query: string) {
  return api.get<TaskSearchResult>(`/api/tasks/search?query=${encodeURIComponent(query)}`)
}

/** Asks the server only for a non-blank (already debounced) query. */
export function useTaskSearch(query: string) {
  const trimmed = query.trim()
  return useQuery({
    queryKey: taskKeys.search(trimmed),
    queryFn: () => searchTasks(trimmed),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  })
}
