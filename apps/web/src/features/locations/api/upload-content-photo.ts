import { useMutation } from '@tanstack/react-query'
import type { UploadedContentPhoto } from '@storageops/contracts/location-content'
import { api } from '../../../lib/api.ts'

export function uploadContentPhoto({ locationCode, file }: { locationCode: string; file: File }) {
  const form = new FormData()
  form.append('file', file)
  return api.post<UploadedContentPhoto>(`/api/location_contents/${encodeURIComponent(locationCode)}/photos`, form)
}

export function useUploadContentPhoto() {
  return useMutation({ mutationFn: uploadContentPhoto })
}
