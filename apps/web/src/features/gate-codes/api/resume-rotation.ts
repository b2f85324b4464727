import { useMutation } from '@tanstack/react-query'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { api } from '../../../lib/api.ts'

/** POST /api/gate_code_rotation/rotations/{id}/resume (superadmin, issue 12): runs the latest failed rotation again for its facilities not done; 202. */
export function resumeRotation(id: number) {
  return api.post<GateCodeRotation>(`/api/gate_code_rotation/rotations/${id}/resume`)
}

export function useResumeRotation() {
  return useMutation({ mutationFn: resumeRotation })
}
