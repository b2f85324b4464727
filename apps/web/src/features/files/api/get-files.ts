import { useQuery } from '@tanstack/react-query'
import type { FileList } from '@storageops/contracts/files'
import { api } from '../../../lib/api.ts'

export const fileKeys = {
  all: ['files'] as const,
  list: (unused: boolean) => ['files', { unused }] as const,
}

/** GET /api/file: the media library, newest first, with where each file is used. */
export function getFiles(unused: boolean) {
  return api.get<FileList>(`/api/file${unused ? '?unused=true' : ''}`)
}

export function useFiles(unused: boolean) {
  return useQuery({ queryKey: fileKeys.list(unused), queryFn: () => getFiles(unused) })
}
