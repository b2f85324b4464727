import { describe, expect, test } from 'vitest'
import {
  MESSAGE_TEMPLATES,
  MESSAGE_TEMPLATE_KEYS,
  isMessageTemplateKey,
  placeholdersOf,
  renderTemplatePart,
  templatePartProblem,
} from './message-templates.ts'

describe('message templates', () => {
  test('the five messages the product sends, by key and name', () => {
    expect(MESSAGE_TEMPLATE_KEYS).toEqual([
      'lease_termination_notice',
      'auction_winner',
      'payment_link',
      'rate_change_notice',
      'task_assigned',
    ])
    expect(MESSAGE_TEMPLATE_KEYS.map((key) => MESSAGE_TEMPLATES[key].template_name)).toEqual([
      'Lease Termination Notice',
      'Auction Winner',
      'Tenant Payment Link',
      'Rate Change Notice',
      'Task Assigned to Your Role',
    ])
    expect(isMessageTemplateKey('auction_winner')).toBe(true)
    expect(isMessageTemplateKey('toString')).toBe(false)
    expect(isMessageTemplateKey('welcome')).toBe(false)
  })

  test("a template's placeholders are the leaf paths of its sample", () => {
    expect(placeholdersOf('payment_link')).toEqual([
      'company.name',
      'facility.name',
      'facility.address',
      'facility.city',
      'facility.state',
      'facility.zip',
      'facility.phone',
      'tenant.first_name',
      'tenant.last_name',
      'tenant.full_name',
      'unit_no',
      'amount',
      'payment_url',
      'expires_at',
    ])
    expect(placeholdersOf('auction_winner')).toEqual(
      expect.arrayContaining(['winner.full_name', 'gate_code', 'cleanout_deadline', 'balance_due']),
    )
  })

  test('a part that parses and uses only offered placeholders and filters has no problem', () => {
    expect(
      templatePartProblem('payment_link', 'sms_body', 'Hi {{ tenant.first_name | upcase }}, pay {{ amount }}.'),
    ).toBeNull()
    expect(
      templatePartProblem('auction_winner', 'email_body', '{% if gate_code %}Gate: {{ gate_code }}{% endif %}'),
    ).toBeNull()
    expect(templatePartProblem('rate_change_notice', 'email_subject', 'No placeholders at all')).toBeNull()
  })

  test('an unknown placeholder is named, each once, in Liquid form', () => {
    expect(
      templatePartProblem(
        'payment_link',
        'sms_body',
        '{{ tenant.middle_name }} {{ gate_code }} {{ tenant.middle_name }} {{ amount }}',
      ),
    ).toBe('unknown placeholder {{ tenant.middle_name }}, {{ gate_code }}')
  })

  test('Liquid that does not parse, or an unknown filter, cannot be read', () => {
    expect(templatePartProblem('payment_link', 'sms_body', 'Hi {{ tenant.first_name ')).toMatch(/^could not be read: /)
    expect(templatePartProblem('payment_link', 'sms_body', '{% if amount %}open')).toMatch(/^could not be read: /)
    expect(templatePartProblem('payment_link', 'sms_body', '{{ amount | shout }}')).toMatch(
      /^could not be read: .*shout/,
    )
  })

  test('text parts render values as they are; the email body escapes them', () => {
    const data = { ...MESSAGE_TEMPLATES.payment_link.sample, tenant: { first_name: 'Ann & <Bo>' } }
    expect(renderTemplatePart('sms_body', 'Hi {{ tenant.first_name }}', data)).toBe('Hi Ann & <Bo>')
    expect(renderTemplatePart('email_subject', 'For {{ tenant.first_name }}', data)).toBe('For Ann & <Bo>')
    expect(renderTemplatePart('email_body', '<p>{{ tenant.first_name }}</p>', data)).toBe('<p>Ann &amp; &lt;Bo&gt;</p>')
  })

  test('a render missing a value, or reaching outside the data, fails', () => {
    expect(() => renderTemplatePart('sms_body', '{{ tenant.last_name }}', { tenant: { first_name: 'A' } })).toThrow()
    expect(() => renderTemplatePart('sms_body', '{{ amount.constructor }}', { amount: '$1' })).toThrow()
    expect(() => renderTemplatePart('sms_body', "{% include 'secrets' %}", {})).toThrow()
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

  test("the company and facility of every sample are the editor preview's fixed values", () => {
    const line =
      '{{ company.name }} | {{ facility.name }}, {{ facility.address }}, {{ facility.city }}, {{ facility.state }} {{ facility.zip }} | {{ facility.phone }}'
    for (const key of MESSAGE_TEMPLATE_KEYS) {
      expect(renderTemplatePart('sms_body', line, MESSAGE_TEMPLATES[key].sample)).toBe(
        'Harbor Point Self Storage | Austin Self Storage #100, 1200 Oak Street, Austin, TX 78701 | (512) 555-0100',
      )
    }
  })

  test('an indexed path is no placeholder', () => {
    expect(templatePartProblem('payment_link', 'sms_body', '{{ tenant[0] }} {{ tenant["first_name"] }}')).toBe(
      'unknown placeholder {{ tenant[0] }}',
    )
  })
})
