import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EcriFacility } from '@storageops/contracts/ecri'
import type { RecordsPage } from '@storageops/contracts/list-query'
import { api } from '../../../lib/api.ts'
import { ecriKeys } from './ecri-keys.ts'

export const ECRI_FACILITY_PAGE_SIZE = 10

export function useEcriFacilities(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ecriKeys.facilities(id, page),
    queryFn: () =>
      api.get<RecordsPage<EcriFacility>>(
        `/api/ecri/runs/${id}/facilities?limit=${ECRI_FACILITY_PAGE_SIZE}&offset=${(page - 1) * ECRI_FACILITY_PAGE_SIZE}&sort=monthly_change_cents&order=desc`,
      ),
    placeholderData: keepPreviousData,
    enabled,
  })
}
