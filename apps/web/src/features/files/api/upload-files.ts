import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { HomepageImageName, UploadedFiles } from '@storageops/contracts/files'
import { api } from '../../../lib/api.ts'
import { fileKeys } from './get-files.ts'

export function uploadFiles(input: { files: readonly File[]; fileName?: HomepageImageName }) {
  const form = new FormData()
  if (input.fileName) {
    form.append('fileName', input.fileName)
    form.append('upload_file', input.files[0]!)
  } else input.files.forEach((file, index) => form.append(`upload_files_${index}`, file))
  return api.post<UploadedFiles>('/api/file/upload', form)
}

export function useUploadFiles() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadFiles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  })
}
