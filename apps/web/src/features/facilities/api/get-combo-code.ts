import { useMutation } from '@tanstack/react-query'
import type { ComboCode } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'

export function getComboCode(serialNumber: string) {
  return api.get<ComboCode>(`/api/snapshot_locations/combo_code?serial_number=${encodeURIComponent(serialNumber)}`)
}

/** Looks a lock's combination up on demand (the Get Code button), so each press asks the server afresh. */
export function useComboCodeLookup() {
  return useMutation({ mutationFn: getComboCode })
}
