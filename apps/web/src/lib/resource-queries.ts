import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ResourceVersion, ResourceVersionSummary } from '@storageops/contracts/resource-versions'
import type {
  AnyResource,
  ResourceCreate,
  ResourceKey,
  ResourceRecord,
  ResourceUpdate,
} from '@storageops/contracts/resource'
import { api, retryUnlessNotFound } from './api.ts'

/** TanStack Query hooks of a declared resource (DESIGN §9); every write refreshes its cached lists. */

type Key = string | number

export const resourceKeys = {
  all: (declaration: AnyResource) => [declaration.api] as const,
  list: (declaration: AnyResource, query: Record<string, string> = {}) => [declaration.api, 'list', query] as const,
  /** A paged list's pages (`list` declarations); each page's query is added by usePagedQuery. */
  page: (declaration: AnyResource) => [declaration.api, 'page'] as const,
  one: (declaration: AnyResource, key: Key) => [declaration.api, 'one', String(key)] as const,
  versions: (declaration: AnyResource, key: Key) => [declaration.api, 'one', String(key), 'versions'] as const,
  version: (declaration: AnyResource, key: Key, version: number) =>
    [declaration.api, 'one', String(key), 'versions', version] as const,
}

const recordPath = (declaration: AnyResource, key: Key) => `${declaration.api}/${encodeURIComponent(String(key))}`

export function getResourceList<D extends AnyResource>(declaration: D, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString()
  return api.get<ResourceRecord<D>[]>(search ? `${declaration.api}?${search}` : declaration.api)
}

/** One record with its ETag, so the edit form's save is refused (412) when someone saved it since (issue 20). */
export async function getResource<D extends AnyResource>(declaration: D, key: Key) {
  const { data, etag } = await api.getTagged<ResourceRecord<D>>(recordPath(declaration, key))
  return { record: data, etag }
}

export function createResource<D extends AnyResource>(declaration: D, body: ResourceCreate<D>) {
  return api.post<ResourceRecord<D>>(declaration.api, body)
}

export function updateResource<D extends AnyResource>(
  declaration: D,
  key: Key,
  body: ResourceUpdate<D>,
  etag?: string | null,
) {
  return api.put<ResourceRecord<D>>(recordPath(declaration, key), body, etag ? { 'if-match': etag } : undefined)
}

export function deleteResource<D extends AnyResource>(declaration: D, key: Key) {
  return api.delete<ResourceRecord<D>>(recordPath(declaration, key))
}

/** GET `{api}/{key}/versions`: who changed which fields when, newest first (issue 20). */
export function getResourceVersions(declaration: AnyResource, key: Key) {
  return api.get<ResourceVersionSummary[]>(`${recordPath(declaration, key)}/versions`)
}

export function getResourceVersion(declaration: AnyResource, key: Key, version: number) {
  return api.get<ResourceVersion>(`${recordPath(declaration, key)}/versions/${version}`)
}

/** Writes a version's fields back as a new version; `etag` of the record as shown (412 when it changed since). */
export function restoreResourceVersion<D extends AnyResource>(
  declaration: D,
  key: Key,
  version: number,
  etag?: string | null,
) {
  return api.post<ResourceRecord<D>>(
    `${recordPath(declaration, key)}/versions/${version}/restore`,
    undefined,
    etag ? { 'if-match': etag } : undefined,
  )
}

export function useResourceVersions(declaration: AnyResource, key: Key) {
  return useQuery({
    queryKey: resourceKeys.versions(declaration, key),
    queryFn: () => getResourceVersions(declaration, key),
  })
}

export function useResourceVersion(declaration: AnyResource, key: Key, version: number | null) {
  return useQuery({
    queryKey: resourceKeys.version(declaration, key, version ?? 0),
    queryFn: () => getResourceVersion(declaration, key, version!),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useRestoreResourceVersion<D extends AnyResource>(declaration: D) {
  const refresh = useRefresh(declaration)
  return useMutation({
    mutationFn: ({ key, version, etag }: { key: Key; version: number; etag?: string | null }) =>
      restoreResourceVersion(declaration, key, version, etag),
    onSuccess: refresh,
  })
}

export function useResourceList<D extends AnyResource>(declaration: D, query: Record<string, string> = {}) {
  return useQuery({
    queryKey: resourceKeys.list(declaration, query),
    queryFn: () => getResourceList(declaration, query),
  })
}

/** One record and its ETag; a 404 is not retried. */
export function useResource<D extends AnyResource>(declaration: D, key: Key | undefined) {
  return useQuery({
    queryKey: resourceKeys.one(declaration, key ?? ''),
    queryFn: () => getResource(declaration, key!),
    enabled: key !== undefined && key !== '',
    retry: retryUnlessNotFound,
  })
}

function useRefresh(declaration: AnyResource) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(declaration) })
}

export function useCreateResource<D extends AnyResource>(declaration: D) {
  const refresh = useRefresh(declaration)
  return useMutation({
    mutationFn: (body: ResourceCreate<D>) => createResource(declaration, body),
    onSuccess: refresh,
  })
}

/** An edit's call when it is not `PUT {api}/{key}` (pages: one `POST /api/pages` with the `id`). */
export type SaveEdit = (key: Key, body: unknown, etag?: string | null) => Promise<unknown>

export function useUpdateResource<D extends AnyResource>(declaration: D, save?: SaveEdit) {
  const refresh = useRefresh(declaration)
  return useMutation({
    mutationFn: ({ key, body, etag }: { key: ResourceKey<D>; body: ResourceUpdate<D>; etag?: string | null }) =>
      save ? save(key as Key, body, etag) : updateResource(declaration, key as Key, body, etag),
    onSuccess: refresh,
  })
}

export function useDeleteResource<D extends AnyResource>(declaration: D) {
  const refresh = useRefresh(declaration)
  return useMutation({
    mutationFn: (key: ResourceKey<D>) => deleteResource(declaration, key as Key),
    onSuccess: refresh,
  })
}
