import { parseDollars } from '@storageops/contracts/rates'
import { SsmError, type SsmClient, type SsmRow } from '../../integrations/ssm/client.ts'

/** The storage-management system's rate calls (DESIGN §6; SiteLink's UnitStandardRateUpdate / ScheduleTenantRateChange). */

export interface SsmUnitType {
  unit_type_id: number
  unit_type_code: string
  street_cents: number
  unit_count: number
}

export interface SsmLease {
  lease_no: string
  unit_no: string
  rent_cents: number
  scheduled: { rent_cents: number; date: string } | null
}

const dollars = (cents: number) => (cents / 100).toFixed(2)
const cents = (row: SsmRow, field: string) => parseDollars(String(row[field] ?? '')) ?? 0

/** A facility's unit types with their street rates; SsmError when the system does not know the facility. */
export async function getUnitTypes(ssm: SsmClient, locationCode: string): Promise<SsmUnitType[]> {
  const result = await ssm.call('GetLocationUnitTypes', { strLocationCode: locationCode })
  return (result.tables.LocationUnitTypes ?? []).map((row) => ({
    unit_type_id: Number(row.UnitTypeId),
    unit_type_code: String(row.UnitTypeCode ?? ''),
    street_cents: cents(row, 'StandardRate'),
    unit_count: Number(row.UnitCount ?? 0),
  }))
}

export interface SsmRateTenant {
  first_name: string
  last_name: string
  email: string
  cell_phone: string
  leases: SsmLease[]
}

/** A tenant's contact details and leases with rent and scheduled change; null when the system has no such tenant. */
export async function getTenant(ssm: SsmClient, locationCode: string, tenantId: string): Promise<SsmRateTenant | null> {
  const result = await ssm.call('GetTenantInfoByTenantID', { strLocationCode: locationCode, iTenantID: tenantId })
  const tenant = result.tables.Tenant?.[0]
  if (!tenant) return null
  return {
    first_name: String(tenant.FirstName ?? ''),
    last_name: String(tenant.LastName ?? ''),
    email: String(tenant.EMail ?? ''),
    cell_phone: String(tenant.CellPhone ?? ''),
    leases: (result.tables.Units ?? []).map((row) => ({
      lease_no: String(row.LeaseNumber ?? ''),
      unit_no: String(row.UnitNumber ?? ''),
      rent_cents: cents(row, 'Rent'),
      scheduled: row.ScheduledRent
        ? { rent_cents: cents(row, 'ScheduledRent'), date: String(row.ScheduledDate ?? '') }
        : null,
    })),
  }
}

export async function updateStreetRate(ssm: SsmClient, locationCode: string, unitTypeId: number, rateCents: number) {
  await ssm.call('UnitStandardRateUpdate', {
    strLocationCode: locationCode,
    iUnitTypeID: unitTypeId,
    dcStdRate: dollars(rateCents),
  })
}

export async function scheduleTenantRateChange(
  ssm: SsmClient,
  change: { location_code: string; tenant_id: string; lease_no: string; rent_cents: number; effective_date: string },
) {
  await ssm.call('ScheduleTenantRateChange', {
    strLocationCode: change.location_code,
    iTenantID: change.tenant_id,
    sLeaseNumber: change.lease_no,
    dcNewRent: dollars(change.rent_cents),
    dScheduledDate: change.effective_date,
  })
}

/** Cancels a lease's scheduled change; a lease with none (Ret_Code -5) counts as cancelled. */
export async function cancelTenantRateChange(
  ssm: SsmClient,
  change: { location_code: string; tenant_id: string; lease_no: string },
) {
  try {
    await ssm.call('CancelTenantRateChange', {
      strLocationCode: change.location_code,
      iTenantID: change.tenant_id,
      sLeaseNumber: change.lease_no,
    })
  } catch (error) {
    if (!(error instanceof SsmError && error.retCode === -5)) throw error
  }
}
