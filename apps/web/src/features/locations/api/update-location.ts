import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LocationInput, LocationRecord } from '@storageops/contracts/locations'
import { api } from '../../../lib/api.ts'
import { locationKeys } from './get-admin-locations.ts'

export function updateLocation({ id, body }: { id: number; body: LocationInput }) {
  return api.put<LocationRecord>(`/api/locations/${id}`, body)
}

export function useUpdateLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  })
}
