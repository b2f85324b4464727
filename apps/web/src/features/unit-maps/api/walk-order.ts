import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SaveWalkOrderInput, WalkOrder } from '@storageops/contracts/walkthroughs'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

export function getWalkOrder(locationCode: string) {
  return api.get<WalkOrder>(`/api/location_units/walk_order?${new URLSearchParams({ location_code: locationCode })}`)
}

export function useWalkOrder(locationCode: string) {
  return useQuery({ queryKey: unitMapKeys.walkOrder(locationCode), queryFn: () => getWalkOrder(locationCode) })
}

export function saveWalkOrder(input: SaveWalkOrderInput) {
  return api.put<WalkOrder>('/api/location_units/walk_order', input)
}

export function useSaveWalkOrder(locationCode: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveWalkOrder,
    onSuccess: (order) => queryClient.setQueryData(unitMapKeys.walkOrder(locationCode), order),
  })
}
