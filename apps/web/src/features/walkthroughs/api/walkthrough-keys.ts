/**
 * Query keys of the walkthrough screens; every walkthrough write invalidates those starting with `all` (and the
 * Dashboard its row). The paged lists' keys are their first part (`usePagedQuery` adds the query string).
 */
export const walkthroughKeys = {
  all: ['walkthroughs'] as const,
  archive: 'walkthroughs',
  due: 'walkthroughs',
  detail: (id: number) => ['walkthroughs', 'detail', id] as const,
  walkOrder: (siteCode: string) => ['walk-order', siteCode] as const,
}
