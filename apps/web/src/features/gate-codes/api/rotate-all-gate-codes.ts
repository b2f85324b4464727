import { useMutation } from '@tanstack/react-query'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

/** POST /api/gate_code_rotation/rotateAll, no body (spec: admin-console-part-2 §7); 202 with the started rotation, 409 while one runs. */
export function rotateAllGateCodes() {
  return api.post<GateCodeRotation>('/api/gate_code_rotation/rotateAll')
}

export function useRotateAllGateCodes() {
  return useMutation({ mutationFn: rotateAllGateCodes })
}
