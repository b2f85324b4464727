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

/**
 * The role may use `page` itself, as the server checks it (DESIGN §5): superadmin, or `page` among its allowed
 * pages. The FAQ's New, edit and delete show only then (spec: admin-console-part-2 §2, §6).
 */
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
