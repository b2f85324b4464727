/* global document, getComputedStyle -- the measuring functions run inside the page */
import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { chromium, devices } from '@playwright/test'

/**
 * Walks every field and admin screen as a phone user (Chromium's Pixel 7 profile with touch at 390×844) against a
 * running server (`PORT=3108 npm start`, then `PORT=3108 node scripts/phone-walk.mjs`): for each screen it prints
 * the page's width against the screen's, controls outside the screen, tap targets under 24 px and axe's serious
 * findings, and saves a screenshot of the first two screens under WALK_DIR (default /tmp/phone-walk) to look at.
 */
const port = Number(process.env.PORT ?? 3000)
const outDir = process.env.WALK_DIR ?? '/tmp/phone-walk'
const only = process.env.WALK_ONLY ? new RegExp(process.env.WALK_ONLY) : undefined
const FIELD = `http://snapshot.localhost:${port}`
const ADMIN = `http://admin.localhost:${port}`
fs.mkdirSync(outDir, { recursive: true })

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
})
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, serviceWorkers: 'block' }

/** What a phone user would trip on, measured in the page. */
const measure = () => {
  const width = document.documentElement.clientWidth
  const visible = (element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
  }
  const name = (element) =>
    `${element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}`
  const controls = [...document.querySelectorAll('a, button, input, select, textarea, [role=button], [role=tab]')]
  const wide = [...document.querySelectorAll('*')]
    .filter((element) => {
      const overflow = getComputedStyle(element).overflowX
      const scrolls = element === document.documentElement || overflow === 'auto' || overflow === 'scroll'
      return scrolls && element.scrollWidth > element.clientWidth + 1
    })
    .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)}`)
  const outside = controls
    .filter((element) => visible(element) && element.getBoundingClientRect().right > width + 1)
    .map(name)
  const small = controls
    .filter((element) => {
      if (!visible(element)) return false
      const box = element.getBoundingClientRect()
      // An inline link inside a sentence is exempt from the 24 px target size (WCAG 2.5.8).
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') return false
      return box.height < 24 || box.width < 24
    })
    .map((element) => {
      const box = element.getBoundingClientRect()
      return `${name(element)}(${Math.round(box.width)}×${Math.round(box.height)})`
    })
  const clipped = [...document.querySelectorAll('h1, h2, h3, p, td, dd, dt, label, span')]
    .filter(
      (element) => visible(element) && element.children.length === 0 && element.scrollWidth > element.clientWidth + 1,
    )
    .filter(
      (element) =>
        !['hidden', 'clip'].includes(getComputedStyle(element).textOverflow) &&
        getComputedStyle(element).overflow === 'hidden',
    )
    .map(name)
  return {
    width,
    wide,
    outside: outside.slice(0, 10),
    small: [...new Set(small)].slice(0, 12),
    clipped: clipped.slice(0, 8),
  }
}

async function walk(page, base, routes, prefix) {
  for (const route of routes) {
    const file = `${prefix}${route.replace(/[^a-z0-9]+/gi, '_')}`
    if (only && !only.test(file)) continue
    await page.goto(`${base}${route}`)
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {})
    await page.waitForTimeout(600)
    const found = await page.evaluate(measure)
    const axe = await new AxeBuilder({ page }).exclude('iframe').analyze()
    const serious = axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    console.log(`${prefix}${route}`, JSON.stringify({ ...found, axe: serious }))
    // The first two screens: a long list's whole page would be too tall to read.
    const height = await page.evaluate(() => Math.min(document.documentElement.scrollHeight, 1688))
    await page.screenshot({
      path: path.join(outDir, `${file}.png`),
      fullPage: true,
      clip: { x: 0, y: 0, width: 390, height },
    })
  }
}

const field = await browser.newContext(phone)
const fieldPage = await field.newPage()
await fieldPage.goto(`${FIELD}/login`)
await fieldPage.getByLabel('Username').fill('pmanager')
await fieldPage.getByLabel('Password').fill('snapshot-demo')
await fieldPage.getByRole('button', { name: 'Login' }).click()
await fieldPage.waitForURL((url) => url.pathname === '/')
const api = (url) =>
  fieldPage.evaluate(async (address) => {
    const { token } = JSON.parse(localStorage.getItem('snapshot_user') ?? '{}')
    return (await fetch(address, { headers: { authorization: `Bearer ${token}` } })).json()
  }, url)
const site = process.env.WALK_SITE ?? 'TX101'
const location = (await api('/api/locations')).find((entry) => entry.location_code === site)
const tasks = await api(`/api/tasks?page=1&page_size=10&closed=false&location_code=${site}&type=unit`)
const reports = await api(`/api/brands_reports/facility_brands_reports/${location.id}`)
await walk(
  fieldPage,
  FIELD,
  [
    '/',
    `/${location.slug}`,
    `/${location.slug}/map`,
    '/snapshot/dashboard',
    '/snapshot/tasks-overview',
    `/snapshot/facility-tasks/${site}`,
    `/snapshot/closed-task/${site}`,
    `/snapshot/new-task/${site}`,
    ...(tasks.entries?.[0] ? [`/snapshot/task-details/${site}/${tasks.entries[0].id}`] : []),
    `/snapshot/${site}/brands-report/archive`,
    `/snapshot/${site}/brands-report/new`,
    ...(reports.entries?.[0] ? [`/snapshot/${site}/brands-report/${reports.entries[0].id}`] : []),
    '/snapshot/inspection',
    '/no-such-page',
  ],
  'field',
)

const admin = await browser.newContext(phone)
const adminPage = await admin.newPage()
await adminPage.goto(`${ADMIN}/login`)
await adminPage.getByLabel('Email').fill('admin@example.com')
await adminPage.getByLabel('Password').fill('admin-demo')
await adminPage.getByRole('button', { name: 'Login', exact: true }).click()
await adminPage.waitForURL((url) => url.pathname === '/')
await walk(
  adminPage,
  ADMIN,
  [
    '/',
    '/users',
    '/roles',
    '/locations',
    '/locations_bulk_edit',
    `/locations/${site}/cms_edit`,
    `/locations/${site}/unit_types`,
    `/locations/${site}/map_edit`,
    '/snapshot',
    `/snapshot/${location.slug}`,
    '/gate-code-rotation',
    '/lease-terminations',
    '/lease-terminations/history',
    '/auctions',
    '/auctions/new-upload',
    '/auctions/history',
    '/tenant-settlements',
    '/communication-templates',
    '/communication-history',
    '/file-management',
    '/landing-pages',
    '/landing-pages/new',
    '/street-rate-upload',
    '/street-rate-upload/logs',
    '/tenant-rate-upload',
    '/tenant-rate-upload/logs',
    '/homepage',
    '/faq',
    '/marketing-features',
    '/reviews',
    '/settings',
    '/states',
    '/cities',
    '/blogs',
    '/pages',
    '/unit-filters',
  ],
  'admin',
)
await browser.close()
