import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { HomepageContent, SaveHomepageInput } from '@storageops/contracts/content/homepage'
import { api } from '../../../lib/api.ts'
import { homepageKeys } from './get-homepage.ts'

export function saveHomepage(body: SaveHomepageInput) {
  return api.post<HomepageContent[]>('/api/homepage', body)
}

export function useSaveHomepage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveHomepage,
    onSuccess: (list) => queryClient.setQueryData(homepageKeys.all, list),
  })
}
