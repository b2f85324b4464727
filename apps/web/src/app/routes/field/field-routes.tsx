import type { RouteObject } from 'react-router'
import { RequireFieldUser } from './require-field-user.tsx'

/**
 * Field-tool routes (spec: snapshot-field-tool §2). Exact paths; fixed paths come before /:slug so a
 * facility slug never shadows them; anything else is Page Not Found.
 */
export const fieldRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./login.tsx')).LoginPage }) },
  {
    element: <RequireFieldUser />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./field-layout.tsx')).FieldLayout }),
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('./facility-search.tsx')).FacilitySearchPage }) },
          { path: '/404', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) },
          // Tasks (spec §2; issue 4)
          { path: '/snapshot/tasks-overview', lazy: async () => ({ Component: (await import('./tasks-overview.tsx')).TasksOverviewPage }) },
          { path: '/snapshot/facility-tasks/:siteCode', lazy: async () => ({ Component: (await import('./facility-tasks.tsx')).FacilityTasksPage }) },
          { path: '/snapshot/closed-task/:siteCode', lazy: async () => ({ Component: (await import('./closed-tasks.tsx')).ClosedTasksPage }) },
          { path: '/snapshot/new-task/:siteCode', lazy: async () => ({ Component: (await import('./new-task.tsx')).NewTaskPage }) },
          { path: '/snapshot/task-details/:siteCode/:taskId', lazy: async () => ({ Component: (await import('./task-details.tsx')).TaskDetailsPage }) },
          // Dashboard and brand-standards reports come in later issues; both readings of the dashboard path are served.
          { path: '/snapshot/dashboard', lazy: async () => ({ Component: (await import('./coming-soon.tsx')).ComingSoonPage }) },
          { path: '/dashboard', lazy: async () => ({ Component: (await import('./coming-soon.tsx')).ComingSoonPage }) },
          { path: '/snapshot/:siteCode/brands-report/archive', lazy: async () => ({ Component: (await import('./coming-soon.tsx')).ComingSoonPage }) },
          { path: '/snapshot/:siteCode/brands-report/:reportId', lazy: async () => ({ Component: (await import('./coming-soon.tsx')).ComingSoonPage }) },
          // Facility pages by slug (spec §2).
          { path: '/:slug', lazy: async () => ({ Component: (await import('./facility-detail.tsx')).FacilityDetailPage }) },
          { path: '/:slug/map', lazy: async () => ({ Component: (await import('./coming-soon.tsx')).ComingSoonPage }) },
          { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
]
