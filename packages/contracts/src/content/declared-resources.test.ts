import { expect, test } from 'vitest'
import { DECLARED_RESOURCES } from './declared-resources.ts'

test('every declared resource of the admin console (the website content and ECRI rule sets) is declared once', () => {
  expect(DECLARED_RESOURCES.map((resource) => resource.name).sort()).toEqual(
    [
      'blog',
      'city',
      'ecri_rule_set',
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
