import { describe, expect, test } from 'vitest'
import { fieldPageFor } from './field-pages.ts'

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
    ['/albany-station-209', 'facility-detail'],
    ['/albany-station-209/map', 'facility-map'],
    ['/404', 'not-found'],
    ['/a/b/c/d/e', 'not-found'],
  ])('%s → %s', (path, page) => {
    expect(fieldPageFor(path).page).toBe(page)
  })

  test('fixed paths win over a slug, whatever the case', () => {
    expect(fieldPageFor('/snapshot/inspection').page).toBe('inspection')
    expect(fieldPageFor('/Snapshot/Tasks-Overview').page).toBe('tasks-overview')
  })
})
