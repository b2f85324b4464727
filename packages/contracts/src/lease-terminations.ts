import { z } from 'zod'
import { ErrorBody } from './errors.ts'
import { recordsPage } from './list-query.ts'

export const LEASE_TERMINATION_MESSAGES = {
  done: 'Done. Notices will be sent out shortly!',
  failed: 'API failed and something went wrong!',
} as const

export const LEASE_TERMINATION_PAGE_SIZE = 10
/** Seconds between two notices (spec §9). */
export const NOTICE_PACING_SECONDS = 5

/** The two kinds (spec §4): Non-renewal is the default. Sent upper-case as the notice's termination_type. */
export const TERMINATION_TYPES = ['Non-renewal', 'Termination'] as const
export const TerminationType = z.enum(TERMINATION_TYPES)
export type TerminationType = z.infer<typeof TerminationType>

/** Seven breach-of-lease reasons plus Other (spec §5, §9). */
export const TERMINATION_REASONS = [
  'Breach of Lease: Non-payment of rent and fees',
  'Breach of Lease: Storing hazardous or prohibited goods',
  'Breach of Lease: Living in or sleeping in the unit',
  'Breach of Lease: Illegal activity at the facility',
  'Breach of Lease: Damage to the unit or facility',
  'Breach of Lease: Subletting or unauthorized use',
  'Breach of Lease: Violating facility rules or access hours',
  'Other',
] as const
export type TerminationReason = (typeof TERMINATION_REASONS)[number]

/** The reason as sent: the chosen reason, then ' - ' and the notes when there are notes (spec §5). */
export function reasonWithNotes(reason: string, notes: string): string {
  const trimmed = notes.trim()
  return trimmed ? `${reason} - ${trimmed}` : reason
}

export function formatTimeOfDay(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours >= 12 ? 'PM' : 'AM'}`
}

export function hasKnownReason(reasonAndNotes: string): boolean {
  return TERMINATION_REASONS.some((reason) => reasonAndNotes === reason || reasonAndNotes.startsWith(`${reason} - `))
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/
const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/

const unitNumber = z.string().trim().min(1).max(40)
// Spec: admin-console-part-2 §3 "unit_numbers (list of title)": a unit number, or an object holding it as title.
const unitEntry = z.union([unitNumber, z.object({ title: unitNumber }).transform((unit) => unit.title)], {
  error: 'Each unit is a unit number or { "title": unit number }.',
})

/** form_date YYYY-MM-DD, today or later; time HH:MM (24 h); the spec's other notice fields are ignored. */
export const LeaseTerminationInput = z.object({
  locationCode: z.string().trim().min(1, 'Choose a facility.').max(40),
  unit_numbers: z
    .array(unitEntry)
    .min(1, 'Choose at least one unit.')
    .max(1000)
    .refine(
      (units) => new Set(units.map((unit) => unit.toUpperCase())).size === units.length,
      'A unit is listed twice.',
    ),
  termination_type: z
    .string()
    .transform((value) => TERMINATION_TYPES.find((type) => type.toUpperCase() === value.trim().toUpperCase()))
    .pipe(TerminationType.or(z.undefined()))
    .refine((value) => value !== undefined, 'termination_type must be Non-renewal or Termination.')
    .transform((value) => value),
  form_date: z.string().regex(isoDate, 'form_date must be a date (YYYY-MM-DD).'),
  time: z.string().regex(timeOfDay, 'time must be a time of day (HH:MM).'),
  reason_and_notes: z
    .string()
    .trim()
    .max(2000)
    .refine(hasKnownReason, 'reason_and_notes must start with one of the reasons.'),
})
export type LeaseTerminationInput = z.input<typeof LeaseTerminationInput>

export const LeaseTerminationAccepted = z.object({
  message: z.string(),
  batch_id: z.number().int(),
  notices: z.number().int().describe('one per tenant'),
  ids: z.array(z.number().int()),
})
export type LeaseTerminationAccepted = z.infer<typeof LeaseTerminationAccepted>

/** 409: a unit already has a notice for the termination date (issue 35); `existing` names each one. */
export const LeaseTerminationConflict = ErrorBody.extend({
  existing: z.array(
    z.object({
      id: z.number().int(),
      unit_no: z.string(),
      status: z.enum(['pending', 'sent', 'failed']),
      sent_at: z.string().nullable(),
    }),
  ),
})
export type LeaseTerminationConflict = z.infer<typeof LeaseTerminationConflict>

/** One per tenant notice (spec §3); notice_path null until sent. */
export const LeaseTermination = z.object({
  id: z.number().int(),
  location: z.object({ location_code: z.string(), name: z.string() }),
  units: z.array(z.string()),
  tenant: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(['pending', 'sent', 'failed']),
  sent_at: z.string().nullable(),
  termination_type: TerminationType,
  reason: z.string(),
  termination_date: z.string().describe('YYYY-MM-DD'),
  termination_time: z.string().describe('HH:MM'),
  viewed_at: z.string().nullable(),
  createdAt: z.string(),
  notice_path: z.string().nullable().describe('/img/… address of the notice PDF'),
  error: z.string().nullable(),
})
export type LeaseTermination = z.infer<typeof LeaseTermination>

export const LeaseTerminationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(LEASE_TERMINATION_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
})
export const LeaseTerminationsPage = recordsPage(LeaseTermination)
export type LeaseTerminationsPage = z.infer<typeof LeaseTerminationsPage>

export const LEASE_TERMINATION_CSV_NAME = 'lease_termination_history.csv'
export const LEASE_TERMINATION_CSV_COLUMNS = [
  'id',
  'facility',
  'units',
  'sent_at',
  'termination_type',
  'reason',
  'termination_date',
  'termination_time',
  'viewed_at',
  'createdAt',
] as const

const ssmText = z.string().trim().max(100)
export const SsmGetAllUnitsCall = z.object({
  service_name: z.literal('GetAllUnits'),
  xml_body: z.object({ strLocationCode: ssmText.min(1, 'strLocationCode is required.') }),
})
/** POST /api/ssm service GetUnitsList: units with UnitStatus and TenantId; strSearchType '4' = by unit number, an empty search string lists all. */
export const SsmGetUnitsListCall = z.object({
  service_name: z.literal('GetUnitsList'),
  xml_body: z.object({
    strLocationCode: ssmText.min(1, 'strLocationCode is required.'),
    strSearchType: ssmText.default('4'),
    strSearchString: ssmText.default(''),
    strSortType: ssmText.default('0'),
  }),
})
export const SsmTablesResult = z.record(z.string(), z.array(z.record(z.string(), z.array(z.string()))))
