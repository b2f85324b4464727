import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

export function useCreateEcriUpload(runId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (locationCodes?: string[]) =>
      api.post<{ upload_id: number; counts: { received: number; pending: number; errors: number } }>(
        `/api/ecri/runs/${runId}/upload`,
        locationCodes ? { location_codes: locationCodes } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ecri'] }),
  })
}
