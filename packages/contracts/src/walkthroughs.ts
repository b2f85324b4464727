import { z } from 'zod'
import { listQuery, recordsPage } from './list-query.ts'
import { idParam, text } from './primitives.ts'
import { UNIT_STATUSES } from './unit-map-rules.ts'
import {
  DISCREPANCIES,
  EXPECTATIONS,
  LOCK_CHECK_SORTS,
  LOCK_SERIAL_MAX,
  OBSERVATION_NOTE_MAX,
  OBSERVATIONS,
  OBSERVATIONS_PER_REQUEST_MAX,
  SERIAL_CHECKS,
  WALKTHROUGH_ARCHIVE_SORTS,
  WALKTHROUGH_STATUSES,
  takesSerial,
} from './walkthrough-rules.ts'

/** Walkthroughs / lock checks (issue 31, decision 024): what the field tool and the admin map editor send and read. */

const LocationCode = text().trim().min(1).max(32)
const Person = z.object({ username: z.string(), full_name: z.string() })

export const WalkthroughIdParams = z.object({ id: idParam() })

/** POST /api/walkthroughs: a walkthrough of the facility's units in walk order, expectations from the system. */
export const StartWalkthroughInput = z.object({ location_code: LocationCode })

export const DiscrepancyCounts = z.object(
  Object.fromEntries(DISCREPANCIES.map((kind) => [kind, z.number().int()])) as Record<
    (typeof DISCREPANCIES)[number],
    z.ZodNumber
  >,
)

export const WalkthroughSummary = z.object({
  id: z.number().int(),
  location_code: z.string(),
  facility_name: z.string(),
  status: z.enum(WALKTHROUGH_STATUSES),
  started_at: z.string().describe('ISO 8601'),
  started_by: Person,
  finished_at: z.string().nullable(),
  finished_by: Person.nullable(),
  overlock_days: z.number().int().describe('the setting when the walkthrough started'),
  unit_count: z.number().int().describe('units to check (rentable units of the map)'),
  checked_count: z.number().int(),
  full: z.boolean().describe('every unit to check recorded: sets the Dashboard Last Full WalkThrough once finished'),
  discrepancies: DiscrepancyCounts,
  walkers: z.array(Person).describe('everyone who recorded a unit, first recorded first'),
  duration_seconds: z.number().int().describe('walking time: from start to finish (or now) less the time paused'),
  task_count: z.number().int().describe('unit tasks raised or noted from its discrepancies'),
})
export type WalkthroughSummary = z.infer<typeof WalkthroughSummary>

/** A unit of a walkthrough: what the system expects and the latest observation (who and when kept). */
export const WalkthroughUnit = z.object({
  unit_no: z.string(),
  floor_no: z.number().int(),
  position: z.number().int().describe('0-based place in the walk order'),
  ssm_status: z.enum(UNIT_STATUSES).nullable().describe('null: not in the storage-management system'),
  days_past_due: z.number().int().nullable(),
  expected: z.enum(EXPECTATIONS),
  observed: z.enum(OBSERVATIONS).nullable(),
  observed_at: z.string().nullable().describe('when the latest observation was made on the phone'),
  observed_by: Person.nullable(),
  lock_serial: z.string().nullable(),
  serial_check: z.enum(SERIAL_CHECKS).nullable(),
  note: z.string().nullable(),
  photo_url: z.string().nullable(),
  discrepancy: z.enum(DISCREPANCIES).nullable(),
  task_id: z.number().int().nullable(),
  observation_count: z.number().int().describe('observations of this unit, the latest one shown'),
})
export type WalkthroughUnit = z.infer<typeof WalkthroughUnit>

export const Walkthrough = WalkthroughSummary.extend({ units: z.array(WalkthroughUnit) })
export type Walkthrough = z.infer<typeof Walkthrough>

/** The 409 of a second start while one is under way: the open one to join. */
export const WalkthroughOpenError = z.object({
  error: z.string(),
  message: z.string(),
  open_walkthrough_id: z.number().int(),
})

const ClientId = text()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_id must be 8–64 letters, digits, - or _ (a UUID).')
  .describe('made by the phone when the walker tapped: the same observation sent twice is recorded once')

/** One door recorded; `lock_serial` only with a company lock; `observed_at` when tapped (ISO 8601 with a zone). */
export const ObservationInput = z
  .object({
    client_id: ClientId,
    unit_no: text().trim().min(1).max(32),
    observed: z.enum(OBSERVATIONS),
    lock_serial: text()
      .trim()
      .max(LOCK_SERIAL_MAX)
      .nullish()
      .transform((value) => value || null),
    note: text()
      .trim()
      .max(OBSERVATION_NOTE_MAX)
      .nullish()
      .transform((value) => value || null),
    observed_at: z.iso
      .datetime({ offset: true, error: 'observed_at must be an ISO 8601 date and time with a zone.' })
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((input, context) => {
    if (input.lock_serial && !takesSerial(input.observed))
      context.addIssue({
        code: 'custom',
        path: ['lock_serial'],
        message: 'A serial is recorded for a company lock only.',
      })
  })
export type ObservationInput = z.input<typeof ObservationInput>

/** POST /api/walkthroughs/{id}/observations as JSON (multipart: one observation's fields plus `photo`). */
export const RecordObservationsInput = z.object({
  observations: z.array(ObservationInput).min(1).max(OBSERVATIONS_PER_REQUEST_MAX),
})
export type RecordObservationsInput = z.input<typeof RecordObservationsInput>

export const RecordObservationsResult = z.object({
  walkthrough: WalkthroughSummary,
  units: z.array(WalkthroughUnit).describe('the units recorded, as they stand now'),
  recorded: z.number().int().describe('observations new to the server (a resent one counts 0)'),
})
export type RecordObservationsResult = z.infer<typeof RecordObservationsResult>

/** A facility's archive (DESIGN §13): newest first unless sorted by `started_at`; `limit` defaults to one page of 20. */
export const WalkthroughListQuery = listQuery(WALKTHROUGH_ARCHIVE_SORTS).extend({ location_code: LocationCode })
export type WalkthroughListQuery = z.output<typeof WalkthroughListQuery>
export const WalkthroughList = recordsPage(WalkthroughSummary).extend({
  open_walkthrough_id: z.number().int().nullable().describe('the walkthrough under way or paused, to resume'),
})
export type WalkthroughList = z.infer<typeof WalkthroughList>

/** A facility and its last lock check (the regional view of facilities due one). */
export const LockCheckRow = z.object({
  site_code: z.string(),
  facility_name: z.string(),
  city: z.string(),
  state: z.string(),
  slug: z.string(),
  last_full_walkthrough_at: z.string().nullable().describe('when its latest full walkthrough finished; null: never'),
  last_full_walkthrough_id: z.number().int().nullable(),
  days_since: z.number().int().nullable().describe('whole days since the last full walkthrough; null: never'),
  open_walkthrough: z
    .object({
      id: z.number().int(),
      status: z.enum(WALKTHROUGH_STATUSES),
      checked_count: z.number().int(),
      unit_count: z.number().int(),
    })
    .nullable()
    .describe('the walkthrough under way or paused'),
})
export type LockCheckRow = z.infer<typeof LockCheckRow>

/** GET /api/walkthroughs/due (DESIGN §13): never-checked first, then the oldest; `q` in site code, name, city or state. */
export const LockChecksDueQuery = listQuery(LOCK_CHECK_SORTS)
export type LockChecksDueQuery = z.output<typeof LockChecksDueQuery>
export const LockChecksDue = recordsPage(LockCheckRow).extend({
  cadence_days: z.number().int().describe('the setting walkthrough_cadence_days'),
})
export type LockChecksDue = z.infer<typeof LockChecksDue>

/** PUT /api/location_units/walk_order: the units in the order walked; units left out follow in the default order. */
export const SaveWalkOrderInput = z.object({
  location_code: LocationCode,
  unit_nos: z
    .array(text().trim().min(1).max(32))
    .max(50_000)
    .refine((unitNos) => new Set(unitNos).size === unitNos.length, 'A unit may appear once in the walk order.'),
})
export type SaveWalkOrderInput = z.input<typeof SaveWalkOrderInput>

export const WalkOrder = z.object({
  location_code: z.string(),
  unit_nos: z.array(z.string()).describe('every storage unit of the map, in walk order'),
  saved: z.boolean().describe('false: the default order (floor, building/aisle letter, number)'),
})
export type WalkOrder = z.infer<typeof WalkOrder>
