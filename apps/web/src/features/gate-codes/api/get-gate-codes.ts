import { useQuery } from '@tanstack/react-query'
import type { GateCodeEntry } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'

export const gateCodesQueryKey = ['gate-codes'] as const

export function getGateCodes() {
  return api.get<GateCodeEntry[]>('/api/gate_code_rotation/gate_codes')
}

export function useGateCodes() {
  return useQuery({ queryKey: gateCodesQueryKey, queryFn: getGateCodes })
}
