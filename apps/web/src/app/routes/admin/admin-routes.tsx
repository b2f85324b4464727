import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { ADMIN_SCREENS, type AdminScreen } from '@storageops/contracts/admin-pages'
import { caseSensitive } from '../../../lib/exact-routes.ts'
import { FallbackPage } from './fallback-page.tsx'
import { gated, gatedResource } from './gated.tsx'
import { RequireAdminUser } from './require-admin-user.tsx'
import { RESOURCE_SCREENS } from './resource-screens.ts'

const pages = import.meta.glob<Record<string, ComponentType>>([
  './*-page.tsx',
  '!./clerk-page.tsx',
  '!./fallback-page.tsx',
])

const screen = ({ path, page, component }: AdminScreen) =>
  gated(path, async () => {
    const Component = (await pages[`./${page}.tsx`]!())[component]
    if (!Component) throw new Error(`${page}.tsx exports no ${component}`)
    return Component
  })

/** Admin console routes (spec: admin-console-part-2 §2), exact; all but /login, /azure and home behind the gate. */
export const adminRoutes: RouteObject[] = caseSensitive([
  { path: '/login', lazy: async () => ({ Component: (await import('./login-page.tsx')).AdminLoginPage }) },
  { path: '/azure', lazy: async () => ({ Component: (await import('./azure-page.tsx')).AzurePage }) },
  {
    element: <RequireAdminUser />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./admin-shell.tsx')).AdminShell }),
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('./home-page.tsx')).HomePage }) },
          ...ADMIN_SCREENS.map(screen),
          ...RESOURCE_SCREENS.flatMap((entry) =>
            gatedResource(entry.screen, entry.load, {
              ...('edit' in entry && { edit: entry.edit }),
              ...('list' in entry && { list: entry.list }),
              ...('saveEdit' in entry && { saveEdit: entry.saveEdit }),
            }),
          ),
          { path: '*', element: <FallbackPage /> },
        ],
      },
    ],
  },
])
