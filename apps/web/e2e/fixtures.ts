import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import type { AppName } from '@storageops/contracts/hosts'
import { FIELD_SIGN_IN, fieldSignInBody } from '../src/lib/field-sign-in.ts'
import { sessionKeyFor } from '../src/lib/session.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
export const FIELD_URL = `http://snapshot.localhost:${port}`
export const ADMIN_URL = `http://admin.localhost:${port}`
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../.screenshots')
/** Screenshots are for people to look at and assert nothing: none in CI unless `E2E_SCREENSHOTS=on`. */
const SCREENSHOTS = (process.env.E2E_SCREENSHOTS ?? (process.env.CI ? 'off' : 'on')) === 'on'

/**
 * Signs in through the app's sign-in call, made from a blank page of the app's origin (Node's resolver does not know
 * *.localhost), and stores the session as the app's sign-in does (lib/session.ts): no app page loads for it.
 */
async function signInThroughApi(page: Page, app: AppName, path: string, body: unknown) {
  const origin = app === 'field' ? FIELD_URL : ADMIN_URL
  const blank = `${origin}/e2e-blank`
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }),
  )
  await page.goto(blank)
  const outcome = await page.evaluate(
    async ({ path, body, key }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!response.ok) return `${response.status} ${await response.text()}`
      const { token, expires_at, user } = (await response.json()) as Record<string, unknown>
      localStorage.setItem(key, JSON.stringify({ token, expires_at, user }))
      return 'signed in'
    },
    { path, body, key: sessionKeyFor(app) },
  )
  expect(outcome).toBe('signed in')
  await page.unroute(blank)
}

/**
 * Signs in to the field tool through its sign-in call and opens `next` signed in: the login form's own journeys
 * (field-sign-in.spec.ts) fill the form; every other journey saves that page load (decision 027).
 */
export async function signInField(page: Page, username = 'csagent', password = 'snapshot-demo', next = '/') {
  await signInThroughApi(page, 'field', FIELD_SIGN_IN.path, fieldSignInBody(username, password))
  await page.goto(`${FIELD_URL}${next}`)
}

/** Signs in to the admin console through `POST /api/auth` and opens its home page signed in (as signInField). */
export async function signInAdmin(page: Page, email = 'admin@example.com', password = 'admin-demo') {
  await signInThroughApi(page, 'admin', '/api/auth', { email, password })
  await page.goto(`${ADMIN_URL}/`)
  await expect(page.getByRole('heading', { name: /Internal website for/ })).toBeVisible()
}

/** Signs in to the admin console through its login form, as a person does. */
export async function signInAdminWithForm(page: Page, email = 'admin@example.com', password = 'admin-demo') {
  await page.goto(`${ADMIN_URL}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: /Internal website for/ })).toBeVisible()
}

/**
 * The toast `show` raises closes after 5 seconds (spec: snapshot-field-tool §9, admin-console-part-1 §9, part 2 §9):
 * with the page's clock paused, it is still up 4.8 s after it appeared and gone 5.4 s after (its 250 ms fade
 * included). Needs `page.clock.install()` before the page loaded. Returns the toast's box as it was shown.
 */
export async function expectToastFor5s(page: Page, text: string, show: () => Promise<unknown>) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  await show()
  // Off any toast: a pointer on one holds it open.
  await page.mouse.move(640, 450)
  const toast = page.getByRole('alert').filter({ hasText: text })
  await expect
    .poll(async () => {
      await page.clock.runFor(100)
      return toast.count()
    })
    .toBe(1)
  await expect(toast).toHaveText(text)
  const box = await toast.boundingBox()
  await page.clock.runFor(4_800)
  await expect(toast).toBeVisible()
  await page.clock.runFor(600)
  await expect(toast).toHaveCount(0)
  await page.clock.resume()
  return box!
}

/** Saves a screenshot at desktop (1280×900) and phone (390×844) width into .screenshots/ (`fullPage: false`: the viewport). */
export async function screenshotBoth(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENSHOTS) return
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const original = page.viewportSize()
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-desktop.png`), fullPage })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-phone.png`), fullPage })
  if (original) await page.setViewportSize(original)
}

/**
 * Fails on serious or critical accessibility violations found by axe-core. `exclude` leaves parts out, e.g.
 * sandboxed preview frames, where axe cannot run (they show content that is not the page's own). Finite
 * transitions (a modal fading in) finish first, so colours are read as shown, not half-faded.
 */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    // Mantine starts a modal's fade a frame after the modal is in the page: wait two frames, then for every finite
    // animation, until none is left (a few rounds at most).
    for (let round = 0; round < 5; round++) {
      await frame()
      await frame()
      const running = document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
      if (running.length === 0) return
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
    }
  })
  const builder = new AxeBuilder({ page })
  for (const selector of options.exclude ?? []) builder.exclude(selector)
  const results = await builder.analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

/**
 * Waits until `locator`'s opening transitions (a modal fading in) have finished, so colours are read as shown. Endless
 * ones (a loading shimmer) and ones cut short (their element replaced) are not waited for.
 */
export async function settled(locator: Locator) {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Clicks `leave` with unsaved edits on the page and expects the in-app dialog with the spec's warning
 * (admin-console-part-2 §2) and `changed` ('2 fields changed, not saved yet.'); checks it with axe (`axe` options).
 */
export async function expectUnsavedChangesDialog(
  page: Page,
  leave: Locator,
  changed: string,
  axe: Parameters<typeof expectAccessible>[1] = {},
) {
  await leave.click()
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' })
  await expect(dialog).toContainText('Wait! You have unsaved changes. Are you sure?')
  await expect(dialog).toContainText(changed)
  await settled(dialog)
  await expectAccessible(page, axe)
  return dialog
}

/** Runs `leave` (a reload, a tab close) and expects the browser's leave-page prompt, which it dismisses: the page stays. */
export async function expectLeavePrompt(page: Page, leave: () => Promise<unknown>) {
  const prompt = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type())
      void dialog.dismiss()
    })
  })
  void leave().catch(() => {})
  expect(await prompt).toBe('beforeunload')
}

/** Picks `option` in the Mantine select labelled `label` (typing `search` first) and checks it shows. */
export async function choose(page: Page, label: string, option: string, search?: string) {
  const input = page.getByRole('combobox', { name: label })
  await input.click()
  if (search) await input.fill(search)
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(input).toHaveValue(option)
}

/** Fails when the page, or any box in it that scrolls, is wider than the screen: a phone user would have to scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX
        const scrolls = element === document.documentElement || overflow === 'auto' || overflow === 'scroll'
        return scrolls && element.scrollWidth > element.clientWidth + 1
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  )
  expect(wide).toEqual([])
}

/** The value under `label` on a phone card of a sortable table (a `dt` and its `dd`). */
export const cardValue = (card: Locator, label: string) =>
  card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

/** Facility Search's drawn results (the list is virtual, issue 30): table rows on a desk, cards on a phone. */
export const facilityResults = (page: Page) =>
  page
    .getByRole('table', { name: 'Facilities' })
    .locator('tbody tr:not([aria-hidden])')
    .or(page.getByRole('list', { name: 'Facilities' }).getByRole('listitem'))
