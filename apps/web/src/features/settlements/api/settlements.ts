import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LinkSent, SendLinkInput, TenantSearchResult, TenantUnit } from '@storageops/contracts/settlements'
import { api } from '../../../lib/api.ts'

/** GET /api/tenant_settlements/search?type=email|sms&query= (spec: admin-console-part-1 §7). */
export function searchTenants(input: { type: 'email' | 'sms'; query: string }) {
  return api.get<TenantSearchResult[]>(
    `/api/tenant_settlements/search?type=${input.type}&query=${encodeURIComponent(input.query)}`,
  )
}

export function useSearchTenants() {
  return useMutation({ mutationFn: searchTenants })
}

/** GET /api/tenant_settlements/units?id=&locationCode=: leases with balances and live links. */
export function useTenantUnits(tenant: TenantSearchResult) {
  return useQuery({
    queryKey: ['tenant-units', tenant.locationCode, tenant.TenantID],
    queryFn: () =>
      api.get<TenantUnit[]>(
        `/api/tenant_settlements/units?id=${tenant.TenantID}&locationCode=${encodeURIComponent(tenant.locationCode)}`,
      ),
  })
}

/** POST /api/tenant_settlements/send-link. */
export function useSendPaymentLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SendLinkInput) => api.post<LinkSent>('/api/tenant_settlements/send-link', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tenant-units'] }),
  })
}
