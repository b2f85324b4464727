import type { MediaFile } from '@storageops/contracts/files'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'

export const fileKeys = {
  all: ['files'] as const,
  page: (unused: boolean) => ['files', unused ? 'unused' : 'all'] as const,
}

export function useFilesPage(unused: boolean, list: Pick<ListParams, 'apiQuery'>) {
  return usePagedQuery<MediaFile>(fileKeys.page(unused), `/api/file${unused ? '?unused=true' : ''}`, list)
}
