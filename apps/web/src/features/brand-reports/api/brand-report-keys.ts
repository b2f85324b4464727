/** Query keys of the brand-standards screens. A submit invalidates `all` and the dashboard's table. */
export const brandReportKeys = {
  all: ['brands-reports'] as const,
  facility: (siteCode: string) => ['brands-reports', 'facility', siteCode] as const,
  list: (locationId: number) => ['brands-reports', 'list', locationId] as const,
  detail: (id: number) => ['brands-reports', 'detail', id] as const,
  standards: ['brands-reports', 'standards'] as const,
}
