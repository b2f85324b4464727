import type { RouteObject } from 'react-router'
import { PLANNED_ADMIN_ROUTES } from './admin-route-table.ts'
import { ComingSoonPage } from './coming-soon-page.tsx'
import { FallbackPage } from './fallback-page.tsx'
import { PermissionGate } from './permission-gate.tsx'
import { RequireAdminUser } from './require-admin-user.tsx'

/**
 * Admin console routes (spec: admin-console-part-2 §2): /login and /azure without the top bar; every
 * other route needs a signed-in user, and all but home pass the permission gate. Unknown paths show
 * the fallback page.
 */
export const adminRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./login-page.tsx')).AdminLoginPage }) },
  { path: '/azure', lazy: async () => ({ Component: (await import('./azure-page.tsx')).AzurePage }) },
  {
    element: <RequireAdminUser />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./admin-shell.tsx')).AdminShell }),
        children: [
          { path: '/', lazy: async () => ({ Component: (await import('./home-page.tsx')).HomePage }) },
          {
            path: '/users',
            lazy: async () => {
              const { UsersPage } = await import('./users-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <UsersPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/roles',
            lazy: async () => {
              const { RolesPage } = await import('./roles-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <RolesPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/locations',
            lazy: async () => {
              const { LocationsPage } = await import('./locations-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <LocationsPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/locations_bulk_edit',
            lazy: async () => {
              const { LocationsBulkEditPage } = await import('./locations-bulk-edit-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <LocationsBulkEditPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/locations/:location_code/cms_edit',
            lazy: async () => {
              const { CmsEditPage } = await import('./cms-edit-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <CmsEditPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/locations/:location_code/unit_types',
            lazy: async () => {
              const { UnitTypesPage } = await import('./unit-types-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <UnitTypesPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/snapshot',
            lazy: async () => {
              const { SnapshotListPage } = await import('./snapshot-list-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <SnapshotListPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/snapshot/:slug',
            lazy: async () => {
              const { SnapshotEditPage } = await import('./snapshot-edit-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <SnapshotEditPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/gate-code-rotation',
            lazy: async () => {
              const { GateCodeRotationPage } = await import('./gate-code-rotation-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <GateCodeRotationPage />
                  </PermissionGate>
                ),
              }
            },
          },
          {
            path: '/locations/:location_code/map_edit',
            lazy: async () => {
              const { MapEditPage } = await import('./map-edit-page.tsx')
              return {
                element: (
                  <PermissionGate>
                    <MapEditPage />
                  </PermissionGate>
                ),
              }
            },
          },
          ...PLANNED_ADMIN_ROUTES.map(({ path, title }) => ({
            path,
            element: (
              <PermissionGate>
                <ComingSoonPage title={title} />
              </PermissionGate>
            ),
          })),
          { path: '*', element: <FallbackPage /> },
        ],
      },
    ],
  },
]
