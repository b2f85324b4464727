import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { NOTIFICATION_EVENT } from '@storageops/contracts/notification-texts'
import { readSession } from '../../../lib/session.ts'
import { notificationKeys } from './notification-keys.ts'

/**
 * Follows the signed-in field user's notifications over the live channel (DESIGN §11): socket.io's client is loaded
 * only now, after sign-in, so it is not part of the field tool's first page.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient()
  useEffect(() => {
    let closed = false
    let close = () => {}
    void import('socket.io-client').then(({ io }) => {
      if (closed) return
      const token = readSession('field')?.token
      const socket = io({ transports: ['polling'], auth: { token, page: '/snapshot' } })
      socket.on(NOTIFICATION_EVENT, () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }))
      // Missed while disconnected: read again on every (re)connection.
      socket.on('connect', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }))
      close = () => socket.close()
    })
    return () => {
      closed = true
      close()
    }
  }, [queryClient])
}
