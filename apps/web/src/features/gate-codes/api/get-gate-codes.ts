import { useQuery } from '@tanstack/react-query'
import type { GateCodeEntry } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'

export const gateCodesQueryKey = ['gate-codes'] as const

/** GET /api/gate_code_rotation/gate_codes (spec: admin-console-part-2 §7): name, currentCode, updatedAt. */
export function getGateCodes() {
  return api.get<GateCodeEntry[]>('/api/gate_code_rotation/gate_codes')
}

/** The three gate codes with their last update. */
export function useGateCodes() {
  return useQuery({ queryKey: gateCodesQueryKey, queryFn: getGateCodes })
}
