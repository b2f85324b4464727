import { useMutation } from '@tanstack/react-query'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

export function abandonRotation(id: number) {
  return api.post<GateCodeRotation>(`/api/gate_code_rotation/rotations/${id}/abandon`)
}

export function useAbandonRotation() {
  return useMutation({ mutationFn: abandonRotation })
}
