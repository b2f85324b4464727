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
      // The built-in analytics report the Dashboard frame loads (issue 6): no header, it lives inside the frame.
      {
        path: '/snapshot/dashboard/analytics',
        lazy: async () => ({ Component: (await import('./dashboard-analytics.tsx')).DashboardAnalyticsPage }),
      },
      {
        lazy: async () => ({ Component: (await import('./field-layout.tsx')).FieldLayout }),
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('./facility-search.tsx')).FacilitySearchPage }) },
          { path: '/404', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) },
          // Tasks (spec §2; issue 4)
          {
            path: '/snapshot/tasks-overview',
            lazy: async () => ({ Component: (await import('./tasks-overview.tsx')).TasksOverviewPage }),
          },
          {
            path: '/snapshot/facility-tasks/:siteCode',
            lazy: async () => ({ Component: (await import('./facility-tasks.tsx')).FacilityTasksPage }),
          },
          {
            path: '/snapshot/closed-task/:siteCode',
            lazy: async () => ({ Component: (await import('./closed-tasks.tsx')).ClosedTasksPage }),
          },
          {
            path: '/snapshot/new-task/:siteCode',
            lazy: async () => ({ Component: (await import('./new-task.tsx')).NewTaskPage }),
          },
          {
            path: '/snapshot/task-details/:siteCode/:taskId',
            lazy: async () => ({ Component: (await import('./task-details.tsx')).TaskDetailsPage }),
          },
          // Dashboard (spec §2; issue 6): both readings of its path are served.
          {
            path: '/snapshot/dashboard',
            lazy: async () => ({ Component: (await import('./dashboard.tsx')).DashboardPage }),
          },
          { path: '/dashboard', lazy: async () => ({ Component: (await import('./dashboard.tsx')).DashboardPage }) },
          // Brand-standards reports (spec §2) and the field inspection that makes them (issue 6); `new` before `:reportId`.
          {
            path: '/snapshot/inspection',
            lazy: async () => ({ Component: (await import('./inspection.tsx')).InspectionPage }),
          },
          {
            path: '/snapshot/:siteCode/brands-report/archive',
            lazy: async () => ({ Component: (await import('./brands-report-archive.tsx')).BrandsReportArchivePage }),
          },
          {
            path: '/snapshot/:siteCode/brands-report/new',
            lazy: async () => ({ Component: (await import('./brands-report-new.tsx')).BrandsReportNewPage }),
          },
          {
            path: '/snapshot/:siteCode/brands-report/:reportId',
            lazy: async () => ({ Component: (await import('./brands-report-detail.tsx')).BrandsReportDetailPage }),
          },
          // Facility pages by slug (spec §2).
          {
            path: '/:slug',
            lazy: async () => ({ Component: (await import('./facility-detail.tsx')).FacilityDetailPage }),
          },
          {
            path: '/:slug/map',
            lazy: async () => ({ Component: (await import('./facility-map.tsx')).FacilityMapPage }),
          },
          { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
]
