import { expect, test, type Page } from '@playwright/test'
import { ADMIN_URL, FIELD_URL, signInAdmin, signInField } from './fixtures.ts'

/** Collects what the page writes to the browser console as warnings or errors, and uncaught errors. */
function collectConsoleProblems(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    // The journeys block service workers (playwright.config.ts); Playwright says so in the console.
    if (message.text() === 'Service Worker registration blocked by Playwright') return
    if (message.type() === 'warning' || message.type() === 'error')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  return problems
}

test('a field page loads without a warning in the console (the HydrateFallback warning is gone)', async ({ page }) => {
  await signInField(page, 'csagent')
  const problems = collectConsoleProblems(page)
  await page.goto(`${FIELD_URL}/snapshot/tasks-overview`)
  await expect(page.getByRole('heading', { level: 1, name: 'Task Overview' })).toBeVisible()
  await page.goto(`${FIELD_URL}/`)
  await expect(page.getByPlaceholder('Search by Site Code or Address...')).toBeVisible()
  expect(problems).toEqual([])
})

test('an admin page loads without a warning in the console', async ({ page }) => {
  await signInAdmin(page)
  const problems = collectConsoleProblems(page)
  await page.goto(`${ADMIN_URL}/users`)
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await page.goto(`${ADMIN_URL}/`)
  await expect(page.getByRole('heading', { name: /Internal website for/ })).toBeVisible()
  expect(problems).toEqual([])
})
