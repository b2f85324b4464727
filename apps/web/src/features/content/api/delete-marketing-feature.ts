import { useMutation, useQueryClient } from '@tanstack/react-query'
import { marketingFeaturesResource, type MarketingFeature } from '@storageops/contracts/content/marketing-features'
import { api } from '../../../lib/api.ts'
import { resourceKeys } from '../../../lib/resource-queries.ts'

export function deleteMarketingFeature(id: number) {
  return api.delete<MarketingFeature>(`/api/marketing_features?marketing_featureId=${id}`)
}

export function useDeleteMarketingFeature() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMarketingFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(marketingFeaturesResource) }),
  })
}
