import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { FIELD_PAGES, fieldPageFor } from './field-pages.ts'

describe('the field page a URL opens', () => {
  test.each([
    ['/login', 'login'],
    ['/', 'facility-search'],
    ['/snapshot/dashboard', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/snapshot/dashboard/analytics', 'dashboard-analytics'],
    ['/snapshot/tasks-overview', 'tasks-overview'],
    ['/snapshot/facility-tasks/TX100', 'facility-tasks'],
    ['/snapshot/task-details/TX100/12', 'task-details'],
    ['/snapshot/TX100/brands-report/archive', 'brands-report-archive'],
    ['/snapshot/TX100/brands-report/new', 'brands-report-new'],
    ['/snapshot/TX100/brands-report/7', 'brands-report-detail'],
    ['/snapshot/lock-checks', 'lock-checks-due'],
    ['/snapshot/TX100/walkthroughs', 'walkthroughs-archive'],
    ['/snapshot/TX100/walkthroughs/7', 'walkthrough'],
    ['/albany-station-209', 'facility-detail'],
    ['/albany-station-209/map', 'facility-map'],
    ['/404', 'not-found'],
    ['/a/b/c/d/e', 'not-found'],
  ])('%s → %s', (path, page) => {
    expect(fieldPageFor(path).page).toBe(page)
  })

  test('fixed paths win over a slug', () => {
    expect(fieldPageFor('/snapshot/inspection').page).toBe('inspection')
  })

  test('fixed paths are exact: another case or a trailing slash is not found (issue 34)', () => {
    for (const path of ['/Snapshot/Tasks-Overview', '/SNAPSHOT/DASHBOARD', '/snapshot/dashboard/', '/austin-tx-100/'])
      expect(fieldPageFor(path).page, path).toBe('not-found')
  })

  test('a code or slug in another case opens its page, which leads to the facility', () => {
    expect(fieldPageFor('/Austin-TX-100').page).toBe('facility-detail')
    expect(fieldPageFor('/snapshot/facility-tasks/tx100').page).toBe('facility-tasks')
    expect(fieldPageFor('/snapshot/tx100/brands-report/archive').page).toBe('brands-report-archive')
  })
})

describe('the field page table', () => {
  const routes = new URL('../../../apps/web/src/app/routes/field/', import.meta.url)

  test("each page is a module of the web app's field routes exporting its component", () => {
    for (const { page, component } of FIELD_PAGES) {
      const source = fs.readFileSync(new URL(`${page}.tsx`, routes), 'utf8')
      expect(source, `${page}.tsx`).toMatch(new RegExp(`export (function|const) ${component}\\b`))
    }
  })

  test("a page's component is its module name in PascalCase plus Page", () => {
    for (const { page, component } of FIELD_PAGES) {
      const pascal = page.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase())
      expect(component).toBe(`${pascal}Page`)
    }
  })

  test('every screen has the shared header but Login and the analytics report inside the Dashboard frame', () => {
    expect(FIELD_PAGES.filter((page) => !page.layout).map((page) => page.path)).toEqual([
      '/login',
      '/snapshot/dashboard/analytics',
    ])
  })

  test('the catch-all comes last and shows Page Not Found', () => {
    expect(FIELD_PAGES.at(-1)).toEqual({ path: '*', page: 'not-found', component: 'NotFoundPage', layout: true })
  })
})
