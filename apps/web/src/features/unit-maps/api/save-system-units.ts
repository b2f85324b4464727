import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LocationUnit, SaveSystemUnitsInput } from '@storageops/contracts/unit-maps'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

/** POST /api/location_units (spec: admin-console-part-1 §7): the Gate and Rental Center as floor-1 system units. */
export function saveSystemUnits(input: SaveSystemUnitsInput) {
  return api.post<LocationUnit[]>('/api/location_units', input)
}

/** Saves the Gate and Rental Center and reloads the facility's units. */
export function useSaveSystemUnits(locationCode: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSystemUnits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitMapKeys.units(locationCode) }),
  })
}
