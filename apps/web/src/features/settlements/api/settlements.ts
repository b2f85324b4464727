import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LinkSent, SendLinkInput, TenantSearchResult, TenantUnit } from '@storageops/contracts/settlements'
import { api } from '../../../lib/api.ts'

export function searchTenants(input: { type: 'email' | 'sms'; query: string }) {
  return api.get<TenantSearchResult[]>(
    `/api/tenant_settlements/search?type=${input.type}&query=${encodeURIComponent(input.query)}`,
  )
}

export function useSearchTenants() {
  return useMutation({ mutationFn: searchTenants })
}

export function useTenantUnits(tenant: TenantSearchResult) {
  return useQuery({
    queryKey: ['tenant-units', tenant.locationCode, tenant.TenantID],
    queryFn: () =>
      api.get<TenantUnit[]>(
        `/api/tenant_settlements/units?id=${tenant.TenantID}&locationCode=${encodeURIComponent(tenant.locationCode)}`,
      ),
  })
}

export function useSendPaymentLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SendLinkInput) => api.post<LinkSent>('/api/tenant_settlements/send-link', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tenant-units'] }),
  })
}
