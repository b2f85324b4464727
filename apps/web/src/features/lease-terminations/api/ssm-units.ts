import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

type Tables = Record<string, Array<Record<string, string[]>>>

/** A rented unit and its tenant, for the units choice. */
export interface RentedUnit {
  unit_no: string
  tenant_id: string
  tenant_name: string
}

/** The facility's Rented units (spec §4) via GetAllUnits then one GetUnitsList, in GetAllUnits' order. */
export async function getRentedUnits(locationCode: string): Promise<RentedUnit[]> {
  const all = await api.post<Tables>('/api/ssm', {
    service_name: 'GetAllUnits',
    xml_body: { strLocationCode: locationCode },
  })
  const list = await api.post<Tables>('/api/ssm', {
    service_name: 'GetUnitsList',
    xml_body: { strLocationCode: locationCode, strSearchType: '4', strSearchString: '', strSortType: '0' },
  })
  const status = new Map((list.Unit ?? []).map((unit) => [unit.UnitNumber?.[0] ?? '', unit]))
  return (all.Record ?? []).flatMap((record) => {
    const unitNo = record.UNITEXTERNALID?.[0] ?? ''
    const unit = status.get(unitNo)
    if (unit?.UnitStatus?.[0] !== 'Rented') return []
    return [{ unit_no: unitNo, tenant_id: unit.TenantId?.[0] ?? '', tenant_name: unit.TenantName?.[0] ?? '' }]
  })
}

export function useRentedUnits(locationCode: string | null) {
  return useQuery({
    queryKey: ['ssm-rented-units', locationCode],
    queryFn: () => getRentedUnits(locationCode!),
    enabled: Boolean(locationCode),
    staleTime: 60_000,
  })
}
