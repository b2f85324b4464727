/** The admin pages a role may be allowed (spec: admin-console-part-2 §2, §6; admin-console-part-1 §2; Tenant Settlements: decision record 017; ECRI Planner: 025). */
export const ADMIN_PAGES = [
  { path: '/locations', label: 'Locations' },
  { path: '/states', label: 'States' },
  { path: '/cities', label: 'Cities' },
  { path: '/faq', label: 'FAQ' },
  { path: '/auctions', label: 'Auctions' },
  { path: '/settings', label: 'Settings' },
  { path: '/file-management', label: 'File Management' },
  { path: '/blogs', label: 'Blogs' },
  { path: '/users', label: 'Users' },
  { path: '/snapshot', label: 'Snapshot' },
  { path: '/pages', label: 'Pages' },
  { path: '/street-rate-upload', label: 'Street Rate Upload' },
  { path: '/tenant-rate-upload', label: 'Tenant Rate Upload' },
  { path: '/lease-terminations', label: 'Lease Terminations' },
  { path: '/communication-templates', label: 'Communication Templates' },
  { path: '/communication-history', label: 'Communication History' },
  { path: '/marketing-features', label: 'Marketing Features' },
  { path: '/gate-code-rotation', label: 'Gate Code Rotation' },
  { path: '/landing-pages', label: 'Landing Pages' },
  { path: '/reviews', label: 'Reviews' },
  { path: '/unit-filters', label: 'Unit Filters' },
  { path: '/tenant-settlements', label: 'Tenant Settlements' },
  { path: '/ecri', label: 'ECRI Planner' },
] as const

/** Home links only a superadmin sees (spec: admin-console-part-1 §2). */
export const SUPERADMIN_PAGES = [
  { path: '/homepage', label: 'Homepage' },
  { path: '/roles', label: 'User Roles' },
] as const

export type AdminPagePath = (typeof ADMIN_PAGES)[number]['path'] | (typeof SUPERADMIN_PAGES)[number]['path']

/** A route is open when the role is superadmin or any allowed page is contained in the path (spec: admin-console-part-2 §6). */
export function canOpenAdminPath(
  role: { superadmin: boolean; allowed_pages: readonly string[] } | null | undefined,
  path: string,
): boolean {
  if (!role) return false
  if (role.superadmin) return true
  if (path === '/') return true
  if (SUPERADMIN_PAGES.some((page) => path.startsWith(page.path))) return false
  return role.allowed_pages.some((page) => page.length > 1 && path.includes(page))
}

/** The role may use `page` itself, as the server checks (DESIGN §5): superadmin or an allowed page (spec part-2 §6). */
export function allowsPage(
  role: { superadmin: boolean; allowed_pages: readonly string[] } | null | undefined,
  page: string,
) {
  return Boolean(role?.superadmin || role?.allowed_pages.includes(page))
}

export function homeLinksFor(role: { superadmin: boolean; allowed_pages: readonly string[] } | null | undefined) {
  if (!role) return []
  const pages = role.superadmin
    ? [...ADMIN_PAGES, ...SUPERADMIN_PAGES]
    : ADMIN_PAGES.filter((page) => role.allowed_pages.includes(page.path))
  return pages.map((page) => ({ ...page }))
}

/** The admin screens behind the permission gate with pages of their own (not the declared resources'), for router and preloads. */
export interface AdminScreen {
  path: string
  page: string
  component: string
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '/users', page: 'users-page', component: 'UsersPage' },
  { path: '/roles', page: 'roles-page', component: 'RolesPage' },
  { path: '/locations', page: 'locations-page', component: 'LocationsPage' },
  { path: '/locations_bulk_edit', page: 'locations-bulk-edit-page', component: 'LocationsBulkEditPage' },
  { path: '/locations/:location_code/cms_edit', page: 'cms-edit-page', component: 'CmsEditPage' },
  { path: '/locations/:location_code/unit_types', page: 'unit-types-page', component: 'UnitTypesPage' },
  { path: '/snapshot', page: 'snapshot-list-page', component: 'SnapshotListPage' },
  { path: '/snapshot/:slug', page: 'snapshot-edit-page', component: 'SnapshotEditPage' },
  { path: '/gate-code-rotation', page: 'gate-code-rotation-page', component: 'GateCodeRotationPage' },
  { path: '/locations/:location_code/map_edit', page: 'map-edit-page', component: 'MapEditPage' },
  { path: '/lease-terminations', page: 'lease-terminations-page', component: 'LeaseTerminationsPage' },
  {
    path: '/lease-terminations/history',
    page: 'lease-terminations-history-page',
    component: 'LeaseTerminationsHistoryPage',
  },
  { path: '/auctions', page: 'auctions-page', component: 'AuctionsPage' },
  { path: '/auctions/new-upload', page: 'auctions-upload-page', component: 'AuctionsUploadPage' },
  { path: '/auctions/history', page: 'auctions-history-page', component: 'AuctionsHistoryPage' },
  { path: '/tenant-settlements', page: 'tenant-settlements-page', component: 'TenantSettlementsPage' },
  { path: '/communication-templates', page: 'communication-templates-page', component: 'CommunicationTemplatesPage' },
  {
    path: '/communication-templates/:id',
    page: 'communication-template-edit-page',
    component: 'CommunicationTemplateEditPage',
  },
  { path: '/communication-history', page: 'communication-history-page', component: 'CommunicationHistoryPage' },
  { path: '/file-management', page: 'file-management-page', component: 'FileManagementPage' },
  { path: '/landing-pages', page: 'landing-pages-page', component: 'LandingPagesPage' },
  { path: '/landing-pages/new', page: 'landing-pages-page', component: 'NewLandingPagePage' },
  { path: '/landing-pages/:key', page: 'landing-pages-page', component: 'EditLandingPagePage' },
  ...['/street-rate-upload', '/tenant-rate-upload'].flatMap((path) => [
    { path, page: 'rate-upload-page', component: 'RateUploadPage' },
    { path: `${path}/logs`, page: 'rate-upload-page', component: 'RateUploadLogsPage' },
  ]),
  { path: '/ecri', page: 'ecri-page', component: 'EcriPage' },
  { path: '/homepage', page: 'homepage-page', component: 'HomepagePage' },
  { path: '/faq', page: 'faq-page', component: 'FaqPage' },
  { path: '/marketing-features', page: 'marketing-features-page', component: 'MarketingFeaturesPage' },
]
