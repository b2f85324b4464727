import type { Page } from '@playwright/test'

/**
 * GET an API path from inside the signed-in page, with its stored token: Node's resolver does not
 * know *.localhost, so page.request cannot reach the field host, but the browser can.
 */
export async function fieldApiGet<Body = unknown>(
  page: Page,
  path: string,
  token?: string,
): Promise<{ status: number; body: Body }> {
  return page.evaluate(
    async ({ path, token }) => {
      const bearer = token ?? (JSON.parse(localStorage.getItem('snapshot_user') ?? '{}') as { token?: string }).token
      const response = await fetch(path, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} })
      const text = await response.text()
      return { status: response.status, body: (text ? JSON.parse(text) : null) as Body }
    },
    { path, token },
  )
}
