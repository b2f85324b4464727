import type { Db } from '../../db/client.ts'
import { SsmError, type SsmClient, type SsmRow } from '../../integrations/ssm/client.ts'
import { badGateway } from '../../lib/http-error.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'

/** Each field of each row as a one-item list, as the spec's screens read DataSet results (`UnitStatus[0]`). */
const asLists = (rows: SsmRow[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, [String(value)]])))

/**
 * POST /api/ssm GetAllUnits or GetUnitsList (spec: admin-console-part-2 §7): the system's tables for a facility we
 * know (404 otherwise); 502 with the system's message when it fails.
 */
export async function callSsmUnits(
  db: Db,
  ssm: SsmClient,
  call:
    | { service_name: 'GetAllUnits'; xml_body: { strLocationCode: string } }
    | {
        service_name: 'GetUnitsList'
        xml_body: { strLocationCode: string; strSearchType: string; strSearchString: string; strSortType: string }
      },
): Promise<Record<string, Array<Record<string, string[]>>>> {
  const location = await getLocationByCode(db, call.xml_body.strLocationCode.toUpperCase())
  try {
    const result = await ssm.call(call.service_name, { ...call.xml_body, strLocationCode: location.location_code })
    return Object.fromEntries(Object.entries(result.tables).map(([name, rows]) => [name, asLists(rows)]))
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
}

/** A unit of a facility with its status and tenant, from GetUnitsList (every unit in one call). */
export interface SsmUnitTenancy {
  unit_no: string
  status: string
  tenant_id: string
  tenant_name: string
}

export async function listUnitTenancies(ssm: SsmClient, locationCode: string): Promise<SsmUnitTenancy[]> {
  const result = await ssm.call('GetUnitsList', {
    strLocationCode: locationCode,
    strSearchType: '4',
    strSearchString: '',
    strSortType: '0',
  })
  return (result.tables.Unit ?? []).map((row) => ({
    unit_no: String(row.UnitNumber ?? ''),
    status: String(row.UnitStatus ?? ''),
    tenant_id: String(row.TenantId ?? ''),
    tenant_name: String(row.TenantName ?? ''),
  }))
}

/** A tenant's contact details (GetTenantInfoByTenantID), or null when the system has no such tenant. */
export async function getTenantInfo(ssm: SsmClient, locationCode: string, tenantId: string) {
  const result = await ssm.call('GetTenantInfoByTenantID', { strLocationCode: locationCode, iTenantID: tenantId })
  const row = result.tables.Tenant?.[0]
  if (!row) return null
  return {
    first_name: String(row.FirstName ?? ''),
    last_name: String(row.LastName ?? ''),
    email: row.EMail ? String(row.EMail) : null,
    cell_phone: row.CellPhone ? String(row.CellPhone) : null,
    address: row.Address ? String(row.Address) : null,
    city: row.City ? String(row.City) : null,
    state: row.State ? String(row.State) : null,
    zip: row.Zip ? String(row.Zip) : null,
  }
}
