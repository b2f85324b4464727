import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CommunicationTemplate, UpdateTemplateInput } from '@storageops/contracts/communications'
import { api } from '../../../lib/api.ts'
import { templateKeys } from './get-templates.ts'

export function updateTemplate({ id, ...body }: UpdateTemplateInput & { id: number }) {
  return api.put<CommunicationTemplate>(`/api/communication_templates/${id}`, body)
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.one(template.id), template)
      return queryClient.invalidateQueries({ queryKey: templateKeys.all })
    },
  })
}
