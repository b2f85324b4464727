import { expect, test } from '@playwright/test'
import { ADMIN_URL, expectAccessible, screenshotBoth, signInAdmin } from './fixtures.ts'

const ALL_PAGES = [
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
]

const DEMO_ROLES = [
  {
    email: 'admin@example.com',
    password: 'admin-demo',
    role: 'Superadmin',
    links: [...ALL_PAGES, '/homepage', '/roles'],
  },
  {
    email: 'editor@example.com',
    password: 'editor-demo',
    role: 'Content Editor',
    links: [
      '/locations',
      '/states',
      '/cities',
      '/faq',
      '/settings',
      '/file-management',
      '/blogs',
      '/pages',
      '/marketing-features',
      '/landing-pages',
      '/reviews',
      '/unit-filters',
    ],
  },
  {
    email: 'cs@example.com',
    password: 'cs-demo',
    role: 'Customer Service',
    links: ['/locations', '/snapshot', '/lease-terminations'],
  },
]

for (const demo of DEMO_ROLES) {
  test(`the home page of the ${demo.role} role has exactly its links`, async ({ page }) => {
    await signInAdmin(page, demo.email, demo.password)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Internal website for ${demo.role}!`)
    const hrefs = await page
      .getByRole('list', { name: 'Admin pages' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
    expect(hrefs).toEqual(demo.links)
    await expectAccessible(page)
    await screenshotBoth(page, `admin-home-${demo.role.toLowerCase().replace(/\s+/g, '-')}`)
  })
}

test('a home link opens its page', async ({ page }) => {
  await signInAdmin(page, 'editor@example.com', 'editor-demo')
  await page.getByRole('link', { name: /States/ }).click()
  await expect(page).toHaveURL(`${ADMIN_URL}/states`)
  await expect(page.getByRole('heading', { name: 'States' })).toBeVisible()
})
