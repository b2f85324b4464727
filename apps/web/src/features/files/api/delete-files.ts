import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeleteFilesInput, DeletedFiles } from '@storageops/contracts/files'
import { api } from '../../../lib/api.ts'
import { fileKeys } from './get-files.ts'

export function deleteFiles(input: DeleteFilesInput) {
  return api.post<DeletedFiles>('/api/file/delete', input)
}

export function useDeleteFiles() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteFiles,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  })
}
