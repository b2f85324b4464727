import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnreadCount } from '@storageops/contracts/notifications'
import { api } from '../../../lib/api.ts'
import { notificationKeys } from './notification-keys.ts'

export function markNotificationRead(id: number | 'all') {
  return api.post<UnreadCount>(id === 'all' ? '/api/notifications/read_all' : `/api/notifications/${id}/read`)
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  })
}
