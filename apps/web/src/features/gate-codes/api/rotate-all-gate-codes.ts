import { useMutation } from '@tanstack/react-query'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

export function rotateAllGateCodes() {
  return api.post<GateCodeRotation>('/api/gate_code_rotation/rotateAll')
}

export function useRotateAllGateCodes() {
  return useMutation({ mutationFn: rotateAllGateCodes })
}
