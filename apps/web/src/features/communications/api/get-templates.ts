import { useQuery } from '@tanstack/react-query'
import type { CommunicationTemplate } from '@storageops/contracts/communications'
import { api } from '../../../lib/api.ts'

export const templateKeys = {
  all: ['communication-templates'] as const,
  one: (id: number) => ['communication-templates', id] as const,
}

export function getTemplates() {
  return api.get<CommunicationTemplate[]>('/api/communication_templates')
}

export function useTemplates() {
  return useQuery({ queryKey: templateKeys.all, queryFn: getTemplates })
}
