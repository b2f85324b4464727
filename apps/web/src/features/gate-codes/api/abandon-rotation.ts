import { useMutation } from '@tanstack/react-query'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

/** POST /api/gate_code_rotation/rotations/{id}/abandon (superadmin, issue 12): marks a running rotation failed at once. */
export function abandonRotation(id: number) {
  return api.post<GateCodeRotation>(`/api/gate_code_rotation/rotations/${id}/abandon`)
}

export function useAbandonRotation() {
  return useMutation({ mutationFn: abandonRotation })
}
