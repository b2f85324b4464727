import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LocationContent, LocationContentInput } from '@storageops/contracts/location-content'
import { api } from '../../../lib/api.ts'
import { locationKeys } from './get-admin-locations.ts'
import { contentKeys } from './get-location-content.ts'

export function saveLocationContent({ locationCode, body }: { locationCode: string; body: LocationContentInput }) {
  return api.put<LocationContent>(`/api/location_contents/${encodeURIComponent(locationCode)}`, body)
}

export function useSaveLocationContent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveLocationContent,
    onSuccess: (content) => {
      queryClient.setQueryData(contentKeys.one(content.location_code), content)
      return queryClient.invalidateQueries({ queryKey: locationKeys.bulk })
    },
  })
}
