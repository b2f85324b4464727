import { useQuery } from '@tanstack/react-query'
import type { HomepageContent } from '@storageops/contracts/content/homepage'
import { api } from '../../../lib/api.ts'

export const homepageKeys = { all: ['homepage'] as const }

/** GET /api/homepage: a list whose first element is the content (spec: admin-console-part-2 §7). */
export function getHomepage() {
  return api.get<HomepageContent[]>('/api/homepage')
}

export function useHomepage() {
  return useQuery({ queryKey: homepageKeys.all, queryFn: getHomepage })
}
