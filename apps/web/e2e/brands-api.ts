import type { Page } from '@playwright/test'
import type { FacilityBrandsReports, BrandsReport } from '@storageops/contracts/brand-reports'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'

/** A GET of the field API from inside the signed-in page (Node cannot resolve *.localhost, the browser can). */
export async function fieldGet<Body>(page: Page, path: string): Promise<Body> {
  return page.evaluate(async (path) => {
    const token = (JSON.parse(localStorage.getItem('snapshot_user') ?? '{}') as { token?: string }).token
    const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } })
    return (await response.json()) as Body
  }, path)
}

export const getFacilitiesOverview = (page: Page) => fieldGet<FacilityOverviewRow[]>(page, '/api/facilities/overview')
export const getFacilityReports = (page: Page, locationId: number) =>
  fieldGet<FacilityBrandsReports>(page, `/api/brands_reports/facility_brands_reports/${locationId}`)
export const getReport = (page: Page, id: number) => fieldGet<BrandsReport>(page, `/api/brands_reports/${id}`)
export async function locationIdOf(page: Page, siteCode: string): Promise<number> {
  const [location] = await fieldGet<Array<{ id: number }>>(page, `/api/locations?location_code=${siteCode}`)
  return location!.id
}
