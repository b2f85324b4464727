/** Query keys of the task screens. Every task write invalidates `all`: lists, overview, search, detail and activity log move together. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (siteCode: string, closed: boolean, type: string, page: number) =>
    ['tasks', 'list', siteCode, closed, type, page] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  overview: ['tasks', 'overview'] as const,
  search: (query: string) => ['tasks', 'search', query] as const,
  activities: (siteCode: string) => ['tasks', 'activities', siteCode] as const,
  types: ['task-types'] as const,
  facility: (siteCode: string) => ['task-facility', siteCode] as const,
  units: (siteCode: string) => ['ssm-units', siteCode] as const,
}
