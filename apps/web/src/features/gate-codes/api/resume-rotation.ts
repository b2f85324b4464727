import { useMutation } from '@tanstack/react-query'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

export function resumeRotation(id: number) {
  return api.post<GateCodeRotation>(`/api/gate_code_rotation/rotations/${id}/resume`)
}

export function useResumeRotation() {
  return useMutation({ mutationFn: resumeRotation })
}
