import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedUnitType, SaveUnitTypeInput } from '@storageops/contracts/unit-types'
import { api } from '../../../lib/api.ts'
import { unitTypeKeys } from './get-location-unit-types.ts'

/** POST /api/location_unittypes with location_code, unit_type_id, note, unit_filter_ids, unit_filter_keys (spec: admin-console-part-1 §7). */
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
