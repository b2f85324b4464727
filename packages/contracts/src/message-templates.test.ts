import { describe, expect, test } from 'vitest'
import { MESSAGE_TEMPLATE_KEYS, placeholdersOf, renderTemplatePart, templatePartProblem } from './message-templates.ts'

describe('message templates', () => {
  test('each template offers its placeholders, the company and the facility', () => {
    for (const key of MESSAGE_TEMPLATE_KEYS) {
      expect(placeholdersOf(key)).toContain('company.name')
      expect(placeholdersOf(key)).toContain('facility.phone')
    }
    expect(placeholdersOf('auction_winner')).toEqual(
      expect.arrayContaining(['gate_code', 'balance_due', 'cleanout_deadline']),
    )
  })

  test('unknown placeholders, unknown filters and broken Liquid are problems; known ones and tags are fine', () => {
    const problem = (source: string) => templatePartProblem('payment_link', 'email_body', source)
    expect(problem('Hi {{ tenant.first_name | upcase }}, pay {{ amount }}')).toBeNull()
    expect(problem('{% if unit_no %}{{ unit_no }}{% endif %}')).toBeNull()
    expect(problem('{% assign who = tenant.full_name %}{{ who }}')).toBeNull()
    expect(problem('Hi {{ tenant.middle_name }}')).toBe('unknown placeholder {{ tenant.middle_name }}')
    expect(problem('{{ tenant }}')).toBe('unknown placeholder {{ tenant }}')
    expect(problem('{{ amount | shout }}')).toMatch(/^could not be read: undefined filter: shout/)
    expect(problem('Pay {{ amount')).toMatch(/^could not be read/)
    expect(problem('{% include "secrets" %}')).toMatch(/^could not be read/)
  })

  test('email bodies escape values, texts do not; a missing value fails the render', () => {
    expect(renderTemplatePart('email_body', '<p>{{ v }}</p>', { v: '<script>x</script>' })).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt;</p>',
    )
    expect(renderTemplatePart('sms_body', '{{ v }}', { v: 'A & B' })).toBe('A & B')
    expect(() => renderTemplatePart('sms_body', '{{ missing }}', {})).toThrow(/undefined variable: missing/)
  })

  test('a runaway loop hits the render limit instead of hanging the server', () => {
    expect(() =>
      renderTemplatePart(
        'sms_body',
        '{% for i in (1..100000) %}{% for j in (1..100000) %}x{% endfor %}{% endfor %}',
        {},
      ),
    ).toThrow(/limit/)
  })
})
