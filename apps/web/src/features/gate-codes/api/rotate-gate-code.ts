import { useMutation } from '@tanstack/react-query'
import type { GateCodeName, GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

export function rotateGateCode(name: GateCodeName) {
  return api.post<GateCodeRotation>('/api/gate_code_rotation/rotate', { rotate_name: name })
}

export function useRotateGateCode() {
  return useMutation({ mutationFn: rotateGateCode })
}
