import { expect, test } from 'vitest'
import { ADMIN_PAGES, canOpenAdminPath, homeLinksFor } from './admin-pages.ts'

const editor = { superadmin: false, allowed_pages: ['/locations', '/faq'] }

test("the home page lists the spec's 21 links, plus /homepage and /roles for superadmins", () => {
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
  ])
  expect(homeLinksFor({ superadmin: true, allowed_pages: [] }).map((link) => link.path)).toHaveLength(23)
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
