import fs from 'node:fs'
import { expect, test } from 'vitest'
import { ADMIN_PAGES, ADMIN_SCREENS, allowsPage, canOpenAdminPath, homeLinksFor } from './admin-pages.ts'
import { pageFor } from './field-pages.ts'

const editor = { superadmin: false, allowed_pages: ['/locations', '/faq'] }

test("the home page lists the spec's 21 links and Tenant Settlements, plus /homepage and /roles for superadmins", () => {
  expect(ADMIN_PAGES.map((page) => page.path)).toEqual([
    '/locations',
    '/states',
    '/cities',
    '/faq',
    '/auctions',
    '/settings',
    '/file-management',
    '/blogs',
    '/users',
    '/snapshot',
    '/pages',
    '/street-rate-upload',
    '/tenant-rate-upload',
    '/lease-terminations',
    '/communication-templates',
    '/communication-history',
    '/marketing-features',
    '/gate-code-rotation',
    '/landing-pages',
    '/reviews',
    '/unit-filters',
    '/tenant-settlements',
    '/ecri',
  ])
  expect(homeLinksFor({ superadmin: true, allowed_pages: [] }).map((link) => link.path)).toHaveLength(25)
  expect(homeLinksFor(editor).map((link) => link.path)).toEqual(['/locations', '/faq'])
  expect(homeLinksFor(null)).toEqual([])
})

test('a route opens when an allowed page is contained in the path', () => {
  expect(canOpenAdminPath(editor, '/locations/TX100/cms_edit')).toBe(true)
  expect(canOpenAdminPath(editor, '/faq/questions/3')).toBe(true)
  expect(canOpenAdminPath(editor, '/users')).toBe(false)
  expect(canOpenAdminPath(editor, '/')).toBe(true)
  expect(canOpenAdminPath(editor, '/roles')).toBe(false)
  expect(canOpenAdminPath({ superadmin: true, allowed_pages: [] }, '/roles')).toBe(true)
})

test('the superadmin pages stay closed to a role that lists them, below any path', () => {
  const sneaky = { superadmin: false, allowed_pages: ['/roles', '/homepage', '/users'] }
  expect(canOpenAdminPath(sneaky, '/roles')).toBe(false)
  expect(canOpenAdminPath(sneaky, '/roles/3')).toBe(false)
  expect(canOpenAdminPath(sneaky, '/homepage')).toBe(false)
  expect(canOpenAdminPath(sneaky, '/users')).toBe(true)
})

test("an allowed page of '/' alone opens nothing beyond the home page; no role opens nothing", () => {
  const slash = { superadmin: false, allowed_pages: ['/'] }
  expect(canOpenAdminPath(slash, '/users')).toBe(false)
  expect(canOpenAdminPath(slash, '/')).toBe(true)
  expect(canOpenAdminPath(null, '/')).toBe(false)
  expect(canOpenAdminPath(undefined, '/locations')).toBe(false)
  expect(canOpenAdminPath({ superadmin: false, allowed_pages: [] }, '/locations')).toBe(false)
})

test('home links carry their labels; a superadmin gets every page then Homepage and User Roles', () => {
  expect(homeLinksFor({ superadmin: false, allowed_pages: ['/faq', '/gate-code-rotation'] })).toEqual([
    { path: '/faq', label: 'FAQ' },
    { path: '/gate-code-rotation', label: 'Gate Code Rotation' },
  ])
  expect(homeLinksFor({ superadmin: true, allowed_pages: [] }).slice(-3)).toEqual([
    { path: '/ecri', label: 'ECRI Planner' },
    { path: '/homepage', label: 'Homepage' },
    { path: '/roles', label: 'User Roles' },
  ])
  expect(homeLinksFor({ superadmin: false, allowed_pages: ['/roles'] })).toEqual([])
})

test('a page is allowed, as the server checks it, to a superadmin or a role that lists that page itself', () => {
  const contained = { superadmin: false, allowed_pages: ['/fa'] }
  expect(canOpenAdminPath(contained, '/faq')).toBe(true)
  expect(allowsPage(contained, '/faq')).toBe(false)
  expect(allowsPage(editor, '/faq')).toBe(true)
  expect(allowsPage({ superadmin: true, allowed_pages: [] }, '/faq')).toBe(true)
  expect(allowsPage(null, '/faq')).toBe(false)
})

test("each admin screen is a module of the web app's admin routes exporting its component", () => {
  const routes = new URL('../../../apps/web/src/app/routes/admin/', import.meta.url)
  for (const { page, component } of ADMIN_SCREENS) {
    const source = fs.readFileSync(new URL(`${page}.tsx`, routes), 'utf8')
    expect(source, `${page}.tsx`).toMatch(new RegExp(`export (function|const) ${component}\\b`))
  }
})

test('an admin path finds its screen as the router does: fixed segments before a parameter, exact case', () => {
  expect(pageFor(ADMIN_SCREENS, '/locations')?.page).toBe('locations-page')
  expect(pageFor(ADMIN_SCREENS, '/landing-pages/new')?.component).toBe('NewLandingPagePage')
  expect(pageFor(ADMIN_SCREENS, '/landing-pages/summer-sale')?.component).toBe('EditLandingPagePage')
  expect(pageFor(ADMIN_SCREENS, '/tenant-rate-upload/logs')?.component).toBe('RateUploadLogsPage')
  expect(pageFor(ADMIN_SCREENS, '/locations/TX100/unit_types')?.page).toBe('unit-types-page')
  for (const path of ['/Locations', '/locations/', '/cities', '/'])
    expect(pageFor(ADMIN_SCREENS, path), path).toBeNull()
})
