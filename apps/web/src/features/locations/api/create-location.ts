import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LocationInput, LocationRecord } from '@storageops/contracts/locations'
import { api } from '../../../lib/api.ts'
import { locationKeys } from './get-admin-locations.ts'

export function createLocation(body: LocationInput) {
  return api.post<LocationRecord>('/api/locations', body)
}

export function useCreateLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  })
}
