import { useQuery } from '@tanstack/react-query'
import type { HomepageContent } from '@storageops/contracts/content/homepage'
import { api } from '../../../lib/api.ts'

export const homepageKeys = { all: ['homepage'] as const }

export function getHomepage() {
  return api.get<HomepageContent[]>('/api/homepage')
}

export function useHomepage() {
  return useQuery({ queryKey: homepageKeys.all, queryFn: getHomepage })
}
