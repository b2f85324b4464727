/** The field tool's pages in matching order (`*` last), read by the web router and the server's preloads. */
export interface FieldPage {
  path: string
  page: string
  component: string
  layout: boolean
}

export const FIELD_PAGES: readonly FieldPage[] = [
  { path: '/login', page: 'login', component: 'LoginPage', layout: false },
  // The built-in analytics report the Dashboard frame loads (issue 6): no header, it lives inside the frame.
  {
    path: '/snapshot/dashboard/analytics',
    page: 'dashboard-analytics',
    component: 'DashboardAnalyticsPage',
    layout: false,
  },
  { path: '/', page: 'facility-search', component: 'FacilitySearchPage', layout: true },
  { path: '/404', page: 'not-found', component: 'NotFoundPage', layout: true },
  { path: '/snapshot/tasks-overview', page: 'tasks-overview', component: 'TasksOverviewPage', layout: true },
  { path: '/snapshot/facility-tasks/:siteCode', page: 'facility-tasks', component: 'FacilityTasksPage', layout: true },
  { path: '/snapshot/closed-task/:siteCode', page: 'closed-tasks', component: 'ClosedTasksPage', layout: true },
  { path: '/snapshot/new-task/:siteCode', page: 'new-task', component: 'NewTaskPage', layout: true },
  {
    path: '/snapshot/task-details/:siteCode/:taskId',
    page: 'task-details',
    component: 'TaskDetailsPage',
    layout: true,
  },
  // Dashboard (spec §2; issue 6): both readings of its path are served.
  { path: '/snapshot/dashboard', page: 'dashboard', component: 'DashboardPage', layout: true },
  { path: '/dashboard', page: 'dashboard', component: 'DashboardPage', layout: true },
  // Brand-standards reports (spec §2) and the field inspection that makes them (issue 6); `new` before `:reportId`.
  { path: '/snapshot/inspection', page: 'inspection', component: 'InspectionPage', layout: true },
  {
    path: '/snapshot/:siteCode/brands-report/archive',
    page: 'brands-report-archive',
    component: 'BrandsReportArchivePage',
    layout: true,
  },
  {
    path: '/snapshot/:siteCode/brands-report/new',
    page: 'brands-report-new',
    component: 'BrandsReportNewPage',
    layout: true,
  },
  {
    path: '/snapshot/:siteCode/brands-report/:reportId',
    page: 'brands-report-detail',
    component: 'BrandsReportDetailPage',
    layout: true,
  },
  // Walkthroughs / lock checks (issue 31): the facilities due one, a facility's archive, one walkthrough.
  { path: '/snapshot/lock-checks', page: 'lock-checks-due', component: 'LockChecksDuePage', layout: true },
  {
    path: '/snapshot/:siteCode/walkthroughs',
    page: 'walkthroughs-archive',
    component: 'WalkthroughsArchivePage',
    layout: true,
  },
  {
    path: '/snapshot/:siteCode/walkthroughs/:walkthroughId',
    page: 'walkthrough',
    component: 'WalkthroughPage',
    layout: true,
  },
  { path: '/:slug', page: 'facility-detail', component: 'FacilityDetailPage', layout: true },
  { path: '/:slug/map', page: 'facility-map', component: 'FacilityMapPage', layout: true },
  { path: '*', page: 'not-found', component: 'NotFoundPage', layout: true },
]

/** A path with a trailing slash matches no page: paths are exact (spec: snapshot-field-tool §2, admin-console-part-2 §2). */
export const hasTrailingSlash = (pathname: string) => pathname.length > 1 && pathname.endsWith('/')

/**
 * The entry of `pages` that `pathname` opens as the router matches (fixed segments first, exact); null when none. A
 * code or slug in another case matches its `:name` and the page turns it into the facility's own.
 */
export function pageFor<Page extends { path: string }>(pages: readonly Page[], pathname: string): Page | null {
  if (hasTrailingSlash(pathname)) return null
  const segments = pathname.split('/').filter(Boolean)
  let best: { page: Page; score: number } | null = null
  for (const page of pages) {
    if (page.path === '*') continue
    const pattern = page.path.split('/').filter(Boolean)
    if (pattern.length !== segments.length) continue
    let score = 0
    const matches = pattern.every((part, at) => {
      if (part.startsWith(':')) return true
      score += 1
      return part === segments[at]
    })
    if (matches && (!best || score > best.score)) best = { page, score }
  }
  return best?.page ?? null
}

export const fieldPageFor = (pathname: string): FieldPage => pageFor(FIELD_PAGES, pathname) ?? FIELD_PAGES.at(-1)!
