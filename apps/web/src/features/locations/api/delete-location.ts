import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { locationKeys } from './get-admin-locations.ts'

export function deleteLocation(id: number) {
  return api.delete<{ message: string }>(`/api/locations/${id}`)
}

export function useDeleteLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  })
}
