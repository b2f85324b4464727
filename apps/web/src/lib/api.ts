import { appForHost } from '@storageops/contracts/hosts'
import { takeEarlyResponse } from './early-data.ts'
import { noteAnswer } from './offline-cache.ts'
import { clearSession, readSession } from './session.ts'

/** An API failure with the server's error body (DESIGN §4). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      error?: string
      message?: string
      field?: string
      /** A 400's every failing field (issue 34). */
      errors?: Array<{ field: string; message: string }>
      [key: string]: unknown
    },
  ) {
    super(body.message ?? `Request failed (${status})`)
    this.name = 'ApiError'
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** A read that failed without network and was not saved on the phone: trying again offline cannot help (issue 19). */
const isOfflineMiss = (error: unknown) => error instanceof ApiError && error.status === 0 && !navigator.onLine

/** TanStack Query `retry` for reads: once more, except a read offline and not saved, which fails at once (issue 19). */
export const retryOnce = (failureCount: number, error: Error) => failureCount < 1 && !isOfflineMiss(error)

/** `retry` for reads of one record: a 404 is final, anything else as retryOnce. */
export const retryUnlessNotFound = (failureCount: number, error: Error) =>
  !isNotFound(error) && retryOnce(failureCount, error)

const currentApp = () => appForHost(window.location.host)

interface RequestOptions {
  as?: 'json' | 'blob'
  headers?: Record<string, string>
  onResponse?: (response: Response) => void
  /** This very request, already sent by the page (the field login's early Login, decision 010): read, not sent again. */
  sent?: Promise<Response>
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  { as = 'json', headers: extraHeaders, onResponse, sent }: RequestOptions = {},
): Promise<T> {
  const session = readSession(currentApp())
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders }
  if (session) headers.authorization = `Bearer ${session.token}`
  const isForm = body instanceof FormData
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json'
  let response: Response
  try {
    // A plain read the page's HTML already started (issue 17) is taken over instead of sent again.
    const early = method === 'GET' && as === 'json' && !extraHeaders && session ? takeEarlyResponse(path) : undefined
    response = await (sent ??
      early ??
      fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      }))
  } catch {
    throw new ApiError(0, {
      error: 'network',
      message: navigator.onLine
        ? 'Cannot reach the server. Check your connection and try again.'
        : 'You are offline and this was not saved on this device. Open it once with a connection to read it offline.',
    })
  }
  if (method === 'GET') noteAnswer(response)
  onResponse?.(response)
  if (response.status === 204 || response.status === 304) return undefined as T
  if (as === 'blob' && response.ok) return (await response.blob()) as T
  const text = await response.text()
  let data: unknown = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    data = { message: text }
  }
  if (!response.ok) {
    if (response.status === 401 && session) clearSession(currentApp())
    throw new ApiError(response.status, (data ?? {}) as ApiError['body'])
  }
  return data as T
}

/** The one HTTP client of the web app; bearer token from the stored session. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  /** A read with the ETag the server sent (null when none), for a later write's If-Match. */
  getTagged: async <T>(path: string) => {
    let etag: string | null = null
    const onResponse = (response: Response) => (etag = response.headers.get('etag'))
    const data = await request<T>('GET', path, undefined, { onResponse })
    return { data, etag }
  },
  /** A read of a kept copy with its `etag`: `unchanged` on 304, else the answer and its ETag. */
  getIfChanged: async <T>(
    path: string,
    etag?: string,
  ): Promise<{ unchanged: true } | { unchanged: false; data: T; etag: string | null }> => {
    let answer: Response | undefined
    const data = await request<T>('GET', path, undefined, {
      headers: etag ? { 'if-none-match': etag } : undefined,
      onResponse: (response) => (answer = response),
    })
    if (answer?.status === 304) return { unchanged: true }
    return { unchanged: false, data, etag: answer?.headers.get('etag') ?? null }
  },
  post: <T>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    { sent }: Pick<RequestOptions, 'sent'> = {},
  ) => request<T>('POST', path, body, { headers, sent }),
  put: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('PUT', path, body, { headers }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  async download(path: string, fileName: string) {
    const url = URL.createObjectURL(await request<Blob>('GET', path, undefined, { as: 'blob' }))
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  },
}
