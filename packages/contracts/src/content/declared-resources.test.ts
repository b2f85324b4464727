import { expect, test } from 'vitest'
import { DECLARED_RESOURCES } from './declared-resources.ts'

test('every website resource of the admin console is declared once', () => {
  expect(DECLARED_RESOURCES.map((resource) => resource.name).sort()).toEqual(
    [
      'blog',
      'city',
      'landing_page',
      'library',
      'marketing_feature',
      'page',
      'question',
      'review',
      'setting',
      'state',
      'unit_filter',
    ].sort(),
  )
})
