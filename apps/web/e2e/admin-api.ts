import type { Page } from '@playwright/test'

/**
 * Calls the API from inside the admin page with the stored admin token (Node's resolver does not
 * know *.localhost, so page.request cannot reach the admin host, but the browser can).
 */
export async function adminApi<Body = unknown>(
  page: Page,
  method: string,
  path: string,
  payload?: unknown,
  token?: string,
): Promise<{ status: number; body: Body }> {
  return page.evaluate(
    async ({ method, path, payload, token }) => {
      const bearer = token ?? (JSON.parse(localStorage.getItem('admin_user') ?? '{}') as { token?: string }).token
      const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {}
      if (payload !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(path, {
        method,
        headers,
        body: payload === undefined ? undefined : JSON.stringify(payload),
      })
      const text = await response.text()
      return { status: response.status, body: (text ? JSON.parse(text) : null) as Body }
    },
    { method, path, payload, token },
  )
}

/** The stored admin token of the page, or null. */
export async function storedAdminToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('admin_user') ?? 'null') as { token?: string } | null)?.token ?? null,
  )
}

/**
 * The facility `fromEnd` places from the end of the locations list (each journey that sends notices takes its own,
 * so their histories stay apart), its rented units from the storage-management system, and one rented unit per
 * tenant.
 */
export async function rentedUnitsOf(page: Page, fromEnd: number) {
  const facility = (await adminApi<Array<{ location_code: string }>>(page, 'GET', '/api/locations')).body.at(
    -fromEnd,
  )!.location_code
  const { body } = await adminApi<{ Unit: Array<{ UnitNumber: string[]; UnitStatus: string[]; TenantId: string[] }> }>(
    page,
    'POST',
    '/api/ssm',
    {
      service_name: 'GetUnitsList',
      xml_body: { strLocationCode: facility, strSearchType: '4', strSearchString: '', strSortType: '0' },
    },
  )
  const rented = body.Unit.filter((unit) => unit.UnitStatus[0] === 'Rented')
  const oneUnitPerTenant = [...new Map(rented.map((unit) => [unit.TenantId[0], unit.UnitNumber[0]!])).values()]
  return { facility, rented, oneUnitPerTenant }
}
