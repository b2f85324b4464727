import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedUnitType, SaveUnitTypeInput } from '@storageops/contracts/unit-types'
import { api } from '../../../lib/api.ts'
import { unitTypeKeys } from './get-location-unit-types.ts'

export function saveUnitType(body: SaveUnitTypeInput) {
  return api.post<SavedUnitType>('/api/location_unittypes', body)
}

/** Saves every changed row; settles all before reporting, then reloads the saved data. */
export function useSaveUnitTypes(locationCode: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (rows: SaveUnitTypeInput[]) => {
      const results = await Promise.allSettled(rows.map(saveUnitType))
      const failed = results.filter((result) => result.status === 'rejected')
      if (failed.length) throw (failed[0] as PromiseRejectedResult).reason as Error
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitTypeKeys.saved(locationCode) }),
  })
}
