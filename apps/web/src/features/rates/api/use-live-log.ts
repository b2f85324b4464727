import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { io } from 'socket.io-client'
import { appForHost } from '@storageops/contracts/hosts'
import {
  RATE_MESSAGES,
  RATE_UPLOADS,
  type LiveLog,
  type LiveLogEntry,
  type RateKind,
  type RateLiveEvent,
} from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import { readSession } from '../../../lib/session.ts'
import { rateKeys } from './rate-keys.ts'

export type LiveState = 'connecting' | 'live' | 'offline'

/**
 * The live log of a rate upload page (spec §4, §7; DESIGN §11): stored lines, then the page's socket.io events. Every
 * line that is not a row's outcome reloads the pending counts and logs (issue 35).
 */
export function useLiveLog(kind: RateKind) {
  const queryClient = useQueryClient()
  const backlog = useQuery({
    queryKey: rateKeys.liveLog(kind),
    queryFn: () => api.get<LiveLog>(`${RATE_UPLOADS[kind].api}/live-log`),
  })
  const [live, setLive] = useState<LiveLogEntry[]>([])
  const [state, setState] = useState<LiveState>('connecting')

  useEffect(() => {
    const upload = RATE_UPLOADS[kind]
    const token = readSession(appForHost(window.location.host))?.token
    const socket = io({ transports: ['polling'], auth: { token, page: upload.page } })
    const onEvent = (event: RateLiveEvent, reload: boolean) => {
      const entry = {
        id: event.logInfo.id,
        log: event.logInfo.log,
        isError: event.isError,
        createdAt: new Date().toISOString(),
      }
      setLive((entries) => (entry.log === RATE_MESSAGES.uploaded ? [entry] : [...entries, entry]))
      if (reload) void queryClient.invalidateQueries({ queryKey: rateKeys.all(kind) })
    }
    socket.on('connect', () => setState('live'))
    socket.on('disconnect', () => setState('connecting'))
    socket.on('connect_error', () => setState('offline'))
    socket.on(upload.event, (event: RateLiveEvent) => onEvent(event, true))
    socket.on(upload.itemEvent, (event: RateLiveEvent) => onEvent(event, false))
    return () => {
      socket.close()
    }
  }, [kind, queryClient])

  const stored = backlog.data?.entries ?? []
  const firstLive = live[0]
  // A new upload's first line replaces what came before it; otherwise the live lines follow the stored ones.
  const base = firstLive?.log === RATE_MESSAGES.uploaded ? stored.filter((entry) => entry.id >= firstLive.id) : stored
  const seen = new Set(base.map((entry) => entry.id))
  const entries = [...base, ...live.filter((entry) => !seen.has(entry.id))].sort((a, b) => a.id - b.id)
  return { entries, state, isLoading: backlog.isLoading }
}
