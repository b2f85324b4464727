/** Query keys of the walkthrough screens; every walkthrough write invalidates `all` (and the Dashboard its row). */
export const walkthroughKeys = {
  all: ['walkthroughs'] as const,
  list: (siteCode: string, page: number) => ['walkthroughs', 'list', siteCode, page] as const,
  detail: (id: number) => ['walkthroughs', 'detail', id] as const,
  due: (search: string) => ['walkthroughs', 'due', search] as const,
  walkOrder: (siteCode: string) => ['walk-order', siteCode] as const,
}
