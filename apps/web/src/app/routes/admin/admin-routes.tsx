import type { RouteObject } from 'react-router'
import { caseSensitive } from '../../../lib/exact-routes.ts'
import { FallbackPage } from './fallback-page.tsx'
import { gated, gatedResource } from './gated.tsx'
import { RequireAdminUser } from './require-admin-user.tsx'
import { RESOURCE_SCREENS } from './resource-screens.ts'

/**
 * Admin console routes (spec: admin-console-part-2 §2), exact (case too): /login and /azure without the top bar; every
 * other route needs a signed-in user, and all but home pass the permission gate. Unknown paths show
 * the fallback page.
 */
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
          gated('/users', () => import('./users-page.tsx').then((m) => m.UsersPage)),
          gated('/roles', () => import('./roles-page.tsx').then((m) => m.RolesPage)),
          gated('/locations', () => import('./locations-page.tsx').then((m) => m.LocationsPage)),
          gated('/locations_bulk_edit', () =>
            import('./locations-bulk-edit-page.tsx').then((m) => m.LocationsBulkEditPage),
          ),
          gated('/locations/:location_code/cms_edit', () => import('./cms-edit-page.tsx').then((m) => m.CmsEditPage)),
          gated('/locations/:location_code/unit_types', () =>
            import('./unit-types-page.tsx').then((m) => m.UnitTypesPage),
          ),
          gated('/snapshot', () => import('./snapshot-list-page.tsx').then((m) => m.SnapshotListPage)),
          gated('/snapshot/:slug', () => import('./snapshot-edit-page.tsx').then((m) => m.SnapshotEditPage)),
          gated('/gate-code-rotation', () =>
            import('./gate-code-rotation-page.tsx').then((m) => m.GateCodeRotationPage),
          ),
          gated('/locations/:location_code/map_edit', () => import('./map-edit-page.tsx').then((m) => m.MapEditPage)),
          gated('/lease-terminations', () =>
            import('./lease-terminations-page.tsx').then((m) => m.LeaseTerminationsPage),
          ),
          gated('/lease-terminations/history', () =>
            import('./lease-terminations-history-page.tsx').then((m) => m.LeaseTerminationsHistoryPage),
          ),
          gated('/auctions', () => import('./auctions-page.tsx').then((m) => m.AuctionsPage)),
          gated('/auctions/new-upload', () => import('./auctions-upload-page.tsx').then((m) => m.AuctionsUploadPage)),
          gated('/auctions/history', () => import('./auctions-history-page.tsx').then((m) => m.AuctionsHistoryPage)),
          gated('/tenant-settlements', () =>
            import('./tenant-settlements-page.tsx').then((m) => m.TenantSettlementsPage),
          ),
          gated('/communication-templates', () =>
            import('./communication-templates-page.tsx').then((m) => m.CommunicationTemplatesPage),
          ),
          gated('/communication-templates/:id', () =>
            import('./communication-template-edit-page.tsx').then((m) => m.CommunicationTemplateEditPage),
          ),
          gated('/communication-history', () =>
            import('./communication-history-page.tsx').then((m) => m.CommunicationHistoryPage),
          ),
          gated('/file-management', () => import('./file-management-page.tsx').then((m) => m.FileManagementPage)),
          gated('/landing-pages', () => import('./landing-pages-page.tsx').then((m) => m.LandingPagesPage)),
          gated('/landing-pages/new', () => import('./landing-pages-page.tsx').then((m) => m.NewLandingPagePage)),
          gated('/landing-pages/:key', () => import('./landing-pages-page.tsx').then((m) => m.EditLandingPagePage)),
          ...['/street-rate-upload', '/tenant-rate-upload'].flatMap((path) => [
            gated(path, () => import('./rate-upload-page.tsx').then((m) => m.RateUploadPage)),
            gated(`${path}/logs`, () => import('./rate-upload-page.tsx').then((m) => m.RateUploadLogsPage)),
          ]),
          gated('/ecri', () => import('./ecri-page.tsx').then((m) => m.EcriPage)),
          gated('/homepage', () => import('./homepage-page.tsx').then((m) => m.HomepagePage)),
          gated('/faq', () => import('./faq-page.tsx').then((m) => m.FaqPage)),
          gated('/marketing-features', () =>
            import('./marketing-features-page.tsx').then((m) => m.MarketingFeaturesPage),
          ),
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
