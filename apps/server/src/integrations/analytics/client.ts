import { z } from 'zod'

/** GETs the cloud function answering `{ "EmbedUrl": "https://…" }` (spec: snapshot-field-tool §7), e.g. a Lambda over QuickSight. */

export const BUILT_IN_REPORT_PATH = '/snapshot/dashboard/analytics'

/** The cloud function could not give an address: unreachable, timed out, not 2xx, or no usable EmbedUrl. */
export class AnalyticsEmbedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AnalyticsEmbedError'
  }
}

const EmbedResponse = z.object({
  EmbedUrl: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), 'EmbedUrl must be an http(s) address'),
})

export interface AnalyticsClient {
  getEmbedUrl(): Promise<string>
}

/** A client of the cloud function at `endpoint` (GET, JSON answer), giving up after `timeoutMs`. */
export function createAnalyticsClient(options: { endpoint: string; timeoutMs: number }): AnalyticsClient {
  return {
    async getEmbedUrl() {
      let response: Response
      try {
        response = await fetch(options.endpoint, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch (error) {
        const reason =
          (error as Error).name === 'TimeoutError'
            ? `no answer within ${options.timeoutMs} ms`
            : (error as Error).message
        throw new AnalyticsEmbedError(`The analytics service could not be reached: ${reason}`)
      }
      if (!response.ok) throw new AnalyticsEmbedError(`The analytics service answered ${response.status}.`)
      let body: unknown
      try {
        body = await response.json()
      } catch {
        throw new AnalyticsEmbedError('The analytics service did not answer JSON.')
      }
      const parsed = EmbedResponse.safeParse(body)
      if (!parsed.success) throw new AnalyticsEmbedError('The analytics service gave no usable EmbedUrl.')
      return parsed.data.EmbedUrl
    },
  }
}
