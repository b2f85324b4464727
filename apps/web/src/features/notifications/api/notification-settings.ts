import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationSettings, NotificationSettingsInput } from '@storageops/contracts/notifications'
import { api } from '../../../lib/api.ts'
import { notificationKeys } from './notification-keys.ts'

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => api.get<NotificationSettings>('/api/notifications/settings'),
  })
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) =>
      api.put<NotificationSettings>('/api/notifications/settings', input),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  })
}
