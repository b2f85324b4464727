import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { ADMIN_URL, expectAccessible, facilityResults, FIELD_URL, screenshotBoth, signInField } from './fixtures.ts'

test.use({ serviceWorkers: 'allow' })

const SERVICE_WORKER = path.resolve(import.meta.dirname, '..', process.env.WEB_DIST ?? 'dist', 'sw.js')

/** The registration's active worker once it has activated (its precache is complete then). */
const activeWorker = (page: Page) =>
  page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready
    if (active && active.state !== 'activated')
      await new Promise((resolve) => active.addEventListener('statechange', resolve, { once: true }))
    return { state: active?.state, url: active?.scriptURL }
  })

test('the field tool installs: a manifest with its name, icons and theme, and a service worker holding its shell only', async ({
  page,
}) => {
  await page.goto(`${FIELD_URL}/login`)
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!)
  expect(manifest).toMatchObject({
    name: 'Snapshot · StorageOps',
    short_name: 'Snapshot',
    display: 'standalone',
    start_url: '/',
    theme_color: '#1c5d99',
  })
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const size = await page.evaluate(async (src) => {
      const bitmap = await createImageBitmap(await (await fetch(src)).blob())
      return `${bitmap.width}x${bitmap.height}`
    }, icon.src)
    expect(size).toBe(icon.sizes)
  }

  expect(await activeWorker(page)).toEqual({ state: 'activated', url: `${FIELD_URL}/sw.js` })
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
    return urls
  })
  expect(cached).toContain('/index.html')
  expect(cached.some((url) => /\/assets\/field-app-[\w-]+\.js$/.test(url))).toBe(true)
  expect(cached.some((url) => /\/assets\/login-[\w-]+\.js$/.test(url))).toBe(true)
  expect(cached.filter((url) => /admin-app|admin-layout|users-|roles-/.test(url))).toEqual([])

  await page.goto(`${ADMIN_URL}/login`)
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((list) => list.length))).toBe(0)
})

test('a new release installs beside the open screen and takes over only when the user reloads from the prompt', async ({
  page,
}) => {
  await signInField(page)
  const first = await activeWorker(page)
  expect(first.state).toBe('activated')
  await expect(page.getByText('A new version is ready')).toHaveCount(0)

  // The next release: a service worker whose bytes differ, as every build with changed files makes (the server reads
  // the file at each request; Playwright's routing does not see a service worker's own script).
  const original = fs.readFileSync(SERVICE_WORKER, 'utf8')
  fs.writeFileSync(SERVICE_WORKER, `${original}\n// release 2`)
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update())
  } finally {
    fs.writeFileSync(SERVICE_WORKER, original)
  }

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' })
  await expect(prompt).toBeVisible()
  await expect(facilityResults(page).first()).toBeVisible()
  await expectAccessible(page)
  await screenshotBoth(page, 'field-update-prompt', { fullPage: false })

  const reloaded = page.waitForEvent('load')
  await prompt.getByRole('button', { name: 'Reload' }).click()
  await reloaded
  await expect(facilityResults(page).first()).toBeVisible()
  await expect(page.getByText('A new version is ready')).toHaveCount(0)
  const controller = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration())!
    return { waiting: registration.waiting, controlled: navigator.serviceWorker.controller?.state }
  })
  expect(controller).toEqual({ waiting: null, controlled: 'activated' })
})
