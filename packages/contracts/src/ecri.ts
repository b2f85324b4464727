import { z } from 'zod'
import { ECRI_EXCLUSIONS } from './ecri-rules.ts'
import { id, intParam, text } from './primitives.ts'
import { defineResource, optionalText, requiredText } from './resource.ts'

/** The ECRI planner (issue 32, decision 025): rule sets, runs of candidates, the preview and its upload. */

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`)

const LOCATION_CODE = /^[A-Za-z0-9-]{1,20}$/

/** The rules of a rule set (ecri-rules.ts `EcriRules`), bounded. */
export const EcriRulesInput = z.object({
  min_tenure_months: whole('Minimum tenure', 0, 120).default(6),
  min_months_since_increase: whole('Months since the last increase', 0, 60).default(12),
  toward_street_percent: whole('Increase toward the street rate', 1, 100).default(50),
  max_increase_percent: whole('Cap in percent', 1, 100).default(10),
  max_increase_dollars: whole('Cap in dollars', 1, 10_000).default(25),
  ceiling_percent: whole('Ceiling relative to the street rate', -50, 50).default(0),
  min_increase_dollars: whole('Minimum increase', 0, 1_000).default(3),
  notice_days: whole('Notice days', 0, 365).default(30),
  effective_day: whole('Effective day of the month', 1, 28).default(1),
  past_due_days: whole('Past due days', 0, 365).default(30),
  exclude_auction_winners: z.boolean().default(true),
  exclude_military: z.boolean().default(true),
  exclude_do_not_increase: z.boolean().default(true),
  excluded_facilities: z
    .array(text().trim().toUpperCase().regex(LOCATION_CODE, 'A location code is letters and digits.'))
    .max(5000)
    .default([]),
})
export type EcriRulesInput = z.input<typeof EcriRulesInput>

export const EcriRuleSetInput = z.object({
  name: requiredText('Name is required', 100),
  description: optionalText(500),
  ...EcriRulesInput.shape,
})
export type EcriRuleSetInput = z.input<typeof EcriRuleSetInput>

export const EcriRules = z.object({
  min_tenure_months: z.number(),
  min_months_since_increase: z.number(),
  toward_street_percent: z.number(),
  max_increase_percent: z.number(),
  max_increase_dollars: z.number(),
  ceiling_percent: z.number(),
  min_increase_dollars: z.number(),
  notice_days: z.number(),
  effective_day: z.number(),
  past_due_days: z.number(),
  exclude_auction_winners: z.boolean(),
  exclude_military: z.boolean(),
  exclude_do_not_increase: z.boolean(),
  excluded_facilities: z.array(z.string()),
})

export const EcriRuleSet = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  ...EcriRules.shape,
})
export type EcriRuleSet = z.infer<typeof EcriRuleSet>

const DEFAULTS = EcriRulesInput.parse({})

const number = (key: keyof typeof DEFAULTS, label: string, min: number, max: number, description: string) =>
  ({ key, label, kind: 'integer', min, max, description, defaultValue: DEFAULTS[key] as number }) as const

/** Named ECRI rule sets at /ecri/rule-sets, versioned and audited like content (decision 015). */
export const ecriRuleSetsResource = defineResource({
  name: 'ecri_rule_set',
  api: '/api/ecri/rule_sets',
  page: '/ecri',
  screen: '/ecri/rule-sets',
  key: 'id',
  record: EcriRuleSet,
  create: EcriRuleSetInput,
  sort: 'name',
  labels: {
    singular: 'Rule set',
    plural: 'ECRI rule sets',
    create: 'New Rule Set',
    edit: 'Edit Rule Set',
    description: 'Which leases get an existing-customer rate increase, and how much.',
  },
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true, max: 100 },
    { key: 'description', label: 'Description', kind: 'textarea', max: 500 },
    number('min_tenure_months', 'Minimum tenure (months)', 0, 120, 'Whole months from move-in to the effective date.'),
    number(
      'min_months_since_increase',
      'Months since the last increase',
      0,
      60,
      'Whole months from the last rent change (or move-in) to the effective date.',
    ),
    number(
      'toward_street_percent',
      'Increase toward the street rate (%)',
      1,
      100,
      'The share of the gap between the rent and the ceiling one increase closes.',
    ),
    number('max_increase_percent', 'Cap per increase (%)', 1, 100, 'Of the current rent.'),
    number('max_increase_dollars', 'Cap per increase ($)', 1, 10_000, 'Whole dollars.'),
    number(
      'ceiling_percent',
      'Ceiling relative to the street rate (%)',
      -50,
      50,
      '0: never above the street rate; 5: at most 5 % above it.',
    ),
    number('min_increase_dollars', 'Minimum increase worth sending ($)', 0, 1_000, 'Smaller increases are dropped.'),
    number('notice_days', 'Notice days', 0, 365, 'Days of notice before the effective date (at least the setting).'),
    number('effective_day', 'Effective day of the month', 1, 28, 'Increases take effect on this day.'),
    number('past_due_days', 'Exclude past due over (days)', 0, 365, 'Tenants past due longer are left out.'),
    {
      key: 'exclude_auction_winners',
      label: 'Exclude units with an active auction winner',
      kind: 'flag',
      defaultValue: true,
    },
    { key: 'exclude_military', label: 'Exclude tenants flagged military', kind: 'flag', defaultValue: true },
    {
      key: 'exclude_do_not_increase',
      label: 'Exclude tenants flagged do-not-increase',
      kind: 'flag',
      defaultValue: true,
    },
    {
      key: 'excluded_facilities',
      label: 'Facilities excluded',
      kind: 'tags',
      description: 'Location codes left out of every run of this rule set.',
    },
  ],
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'description', label: 'Description', kind: 'excerpt' },
  ],
  messages: {
    notFound: 'Rule set not found',
    createFailed: 'Failed to create the rule set.',
    updateFailed: 'Failed to update the rule set.',
    saved: 'Rule set saved.',
    deleted: 'Rule set deleted.',
    deleteFailed: 'Failed to delete the rule set.',
    confirmDelete: 'Are you sure you want to delete this rule set?',
  },
  example: {
    name: 'Standard ECRI',
    description: 'Six months in, a year since the last increase, half the way to the street rate, at most 10 % or $25.',
    min_tenure_months: 6,
    min_months_since_increase: 12,
    toward_street_percent: 50,
    max_increase_percent: 10,
    max_increase_dollars: 25,
    ceiling_percent: 0,
    min_increase_dollars: 3,
    notice_days: 30,
    effective_day: 1,
    past_due_days: 30,
    exclude_auction_winners: true,
    exclude_military: true,
    exclude_do_not_increase: true,
    excluded_facilities: [],
  },
})

export const EcriExclusion = z.enum(ECRI_EXCLUSIONS)

/** `refresh`: read every facility from the system into the kept rent roll first (decision 030). */
export const CreateEcriRunInput = z.object({ rule_set_id: id(), refresh: z.boolean().optional() })

const counts = z.array(z.number())

/** A run: its inputs (the rule set's version and rules, the date, the guardrails) and what it found. Money in cents. */
export const EcriRun = z.object({
  id: z.number(),
  status: z.enum(['computing', 'ready', 'failed']),
  error: z.string().nullable(),
  rule_set_id: z.number().nullable(),
  rule_set_name: z.string(),
  rule_set_version: z.number().nullable(),
  rules: EcriRules,
  today: z.string(),
  effective_date: z.string(),
  max_increase_percent: z.number(),
  guardrail_notice_days: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  seconds: z.number().nullable(),
  upload_id: z.number().nullable(),
  facilities: z.number(),
  missing_facilities: z.array(z.string()),
  /** Whether the run read the system first; the oldest and newest time its inputs were fetched (decision 030). */
  refresh: z.boolean(),
  rent_roll_fetched_from: z.string().nullable(),
  rent_roll_fetched_to: z.string().nullable(),
  leases: z.number(),
  eligible: z.number(),
  excluded: z.record(z.string(), z.number()),
  chosen: z.number(),
  monthly_change_cents: z.number(),
  annual_change_cents: z.number(),
  bands: counts,
  histogram: counts,
})
export type EcriRun = z.infer<typeof EcriRun>

/** A refresh of the kept rent roll: its progress in facilities and leases, and why it failed. */
export const EcriRentRollRefresh = z.object({
  id: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  requested_by: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  facilities: z.number(),
  leases: z.number(),
  error: z.string().nullable(),
})

/** The kept rent roll (decision 030): facilities and leases held, the oldest and newest fetch, the latest refresh. */
export const EcriRentRoll = z.object({
  facilities: z.number(),
  leases: z.number(),
  fetched_from: z.string().nullable(),
  fetched_to: z.string().nullable(),
  /** Our facilities the kept rent roll lacks (never fetched, or unknown to the system). */
  never_fetched: z.number(),
  refresh: EcriRentRollRefresh.nullable(),
})
export type EcriRentRoll = z.infer<typeof EcriRentRoll>

export const EcriRunSummary = EcriRun.pick({
  id: true,
  status: true,
  rule_set_name: true,
  effective_date: true,
  created_by: true,
  created_at: true,
  leases: true,
  eligible: true,
  upload_id: true,
})
export type EcriRunSummary = z.infer<typeof EcriRunSummary>

export const ECRI_CANDIDATE_SORTS = ['location_code', 'change_cents', 'change_bp', 'tenure_months'] as const
export const ECRI_CANDIDATE_STATUSES = ['all', 'eligible', 'chosen', 'unticked', 'excluded'] as const

const paging = {
  limit: intParam().pipe(z.number().min(1).max(100)).default(25),
  offset: intParam().pipe(z.number().min(0)).default(0),
  order: z.enum(['asc', 'desc']).default('asc'),
}

/** The preview's candidates, paged on the server (DESIGN §13). */
export const EcriCandidatesQuery = z.object({
  ...paging,
  sort: z.enum(ECRI_CANDIDATE_SORTS).default('location_code'),
  status: z.enum(ECRI_CANDIDATE_STATUSES).default('all'),
  excluded: EcriExclusion.optional(),
  location_code: text().trim().toUpperCase().max(20).optional(),
  q: text().trim().max(40).optional(),
})
export type EcriCandidatesQuery = z.input<typeof EcriCandidatesQuery>

/** One lease of a run with the inputs it was computed from; `reason` explains an exclusion. Money in cents. */
export const EcriCandidate = z.object({
  id: z.number(),
  location_code: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  lease_no: z.string(),
  unit_no: z.string(),
  unit_type_id: z.number(),
  old_cents: z.number(),
  street_cents: z.number().nullable(),
  proposed_cents: z.number(),
  new_cents: z.number(),
  change_cents: z.number(),
  change_bp: z.number(),
  overridden: z.boolean(),
  chosen: z.boolean(),
  excluded: EcriExclusion.nullable(),
  reason: z.string().nullable(),
  tenure_months: z.number(),
  months_since_increase: z.number(),
  days_past_due: z.number(),
  moved_in: z.string(),
  rent_last_changed: z.string().nullable(),
  paid_thru: z.string().nullable(),
  military: z.boolean(),
  do_not_increase: z.boolean(),
  auction_winner: z.boolean(),
  scheduled: z.boolean(),
})
export type EcriCandidate = z.infer<typeof EcriCandidate>
export const EcriCandidatePage = z.object({ rows: z.array(EcriCandidate), count: z.number() })
export type EcriCandidatePage = z.infer<typeof EcriCandidatePage>

/** Untick or tick a lease, or set its new rent in cents (null: back to the proposed rent). */
export const UpdateEcriCandidateInput = z
  .object({
    chosen: z.boolean().optional(),
    new_cents: z.number().int('new_cents must be whole cents.').min(1).max(10_000_000).nullable().optional(),
  })
  .refine((body) => body.chosen !== undefined || body.new_cents !== undefined, {
    message: 'Send chosen or new_cents.',
    path: ['chosen'],
  })

export const ECRI_FACILITY_SORTS = ['location_code', 'monthly_change_cents', 'chosen', 'eligible'] as const
export const EcriFacilitiesQuery = z.object({
  ...paging,
  sort: z.enum(ECRI_FACILITY_SORTS).default('location_code'),
})
export type EcriFacilitiesQuery = z.input<typeof EcriFacilitiesQuery>

export const EcriFacility = z.object({
  location_code: z.string(),
  name: z.string(),
  leases: z.number(),
  eligible: z.number(),
  chosen: z.number(),
  monthly_change_cents: z.number(),
  annual_change_cents: z.number(),
})
export type EcriFacility = z.infer<typeof EcriFacility>
export const EcriFacilityPage = z.object({ rows: z.array(EcriFacility), count: z.number() })

/** "Create tenant-rate upload": the chosen rows (of these facilities only, when given) become the pending upload. */
export const CreateEcriUploadInput = z.object({
  location_codes: z.array(text().trim().toUpperCase().regex(LOCATION_CODE)).max(5000).optional(),
})
export const EcriUploadCreated = z.object({
  upload_id: z.number(),
  counts: z.object({ received: z.number(), pending: z.number(), errors: z.number() }),
})
