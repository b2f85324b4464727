import { useQuery } from '@tanstack/react-query'
import type { NotificationList } from '@storageops/contracts/notifications'
import { api } from '../../../lib/api.ts'
import { notificationKeys } from './notification-keys.ts'

export function getNotifications() {
  return api.get<NotificationList>('/api/notifications?page_size=20')
}

export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list, queryFn: getNotifications })
}
