import { useQuery } from '@tanstack/react-query'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

export const latestRotationQueryKey = ['gate-code-rotation', 'latest'] as const

/** Progress is polled this often while a rotation runs, in ms. */
export const ROTATION_POLL_MS = 1000

export function getLatestRotation() {
  return api.get<GateCodeRotation | null>('/api/gate_code_rotation/rotations/latest')
}

/** The newest rotation, polled every second while it is running (the page's progress). */
export function useLatestRotation() {
  return useQuery({
    queryKey: latestRotationQueryKey,
    queryFn: getLatestRotation,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? ROTATION_POLL_MS : false),
  })
}
