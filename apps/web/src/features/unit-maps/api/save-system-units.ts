import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LocationUnit, SaveSystemUnitsInput } from '@storageops/contracts/unit-maps'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

export function saveSystemUnits(input: SaveSystemUnitsInput) {
  return api.post<LocationUnit[]>('/api/location_units', input)
}

export function useSaveSystemUnits(locationCode: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSystemUnits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitMapKeys.units(locationCode) }),
  })
}
