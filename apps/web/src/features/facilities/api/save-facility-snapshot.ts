import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedFacilitySnapshot } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'

export function saveFacilitySnapshot(form: FormData) {
  return api.post<SavedFacilitySnapshot>('/api/snapshot_locations', form)
}

/** Saves a snapshot; the saved facility replaces the cached details the field tool and editor read. */
export function useSaveFacilitySnapshot() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveFacilitySnapshot,
    onSuccess: (saved) => queryClient.setQueryData(['facility-details', saved.facility.location_code], saved.facility),
  })
}
