import { useQuery } from '@tanstack/react-query'
import type { CommunicationTemplate } from '@storageops/contracts/communications'
import { api, retryUnlessNotFound } from '../../../lib/api.ts'
import { templateKeys } from './get-templates.ts'

export function getTemplate(id: number) {
  return api.get<CommunicationTemplate>(`/api/communication_templates/${id}`)
}

/** Read again every 5 s while a batch of the template is going out, so the screen says when it is done. */
export function useTemplate(id: number) {
  return useQuery({
    queryKey: templateKeys.one(id),
    queryFn: () => getTemplate(id),
    retry: retryUnlessNotFound,
    refetchInterval: (query) => (query.state.data?.sending ? 5_000 : false),
  })
}
