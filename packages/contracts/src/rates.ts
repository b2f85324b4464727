import { z } from 'zod'
import { listQuery, recordsPage } from './list-query.ts'
import { id, text } from './primitives.ts'

/** Street-rate and tenant-rate uploads (spec: admin-console-part-2 §2, §3, §4, §7; decision 018). */
export const RATE_KINDS = ['street_rate', 'tenant_rate'] as const
export const RateKind = z.enum(RATE_KINDS)
export type RateKind = z.infer<typeof RateKind>

export const RATE_MESSAGES = {
  uploaded: 'Successfully uploaded CSV file!',
  processed: 'Successfully processed rate changes!',
  finished: 'Import Finished.',
  failed: 'Something went wrong.',
  downloadFailed: 'Failed to download csv file',
} as const

export const STREET_RATE_COLUMNS = ['location_code', 'unit_type_id', 'new_street_rate'] as const
export const TENANT_RATE_COLUMNS = [
  'location_code',
  'tenant_id',
  'lease_no',
  'unit_no',
  'current_rent',
  'new_rent',
  'effective_date',
] as const

/** What differs between the two uploads: one flow, parameterised by this (never two copies). */
export const RATE_UPLOADS = {
  street_rate: {
    page: '/street-rate-upload',
    logsPath: '/street-rate-upload/logs',
    api: '/api/street_rate',
    title: 'Street Rate Upload',
    logsTitle: 'Street Rate Upload Logs',
    exampleFile: 'Update-Unit-Type-Price-RM.csv',
    columns: STREET_RATE_COLUMNS,
    event: 'street_rate_upload_event',
    itemEvent: 'street_rate_upload_item_event',
    logFileName: (uploadId: number) => `street_rate_upload_id_${uploadId}.csv`,
  },
  tenant_rate: {
    page: '/tenant-rate-upload',
    logsPath: '/tenant-rate-upload/logs',
    api: '/api/tenant_rate',
    title: 'Tenant Rate Upload',
    logsTitle: 'Tenant Rate Upload Logs',
    exampleFile: 'Existing-Tenant-Rate-Increase-RM_V2.csv',
    columns: TENANT_RATE_COLUMNS,
    event: 'tenant_rate_upload_event',
    itemEvent: 'tenant_rate_upload_item_event',
    logFileName: (uploadId: number) => `tenant_rate_upload_id_${uploadId}.csv`,
  },
} as const

/** Guardrail defaults when the settings `rate_max_increase_percent` / `rate_notice_days` are not set. */
export const DEFAULT_MAX_INCREASE_PERCENT = 25
export const DEFAULT_NOTICE_DAYS = 30
/** Rows a rate file may hold, and its size in bytes. */
export const RATE_CSV_MAX_ROWS = 20_000
export const RATE_CSV_MAX_BYTES = 5 * 1024 * 1024
/** Rows of the preview sent with the pending changes; counts and revenue cover every row. */
export const RATE_PREVIEW_ROWS = 500

/** Cents from dollars written `123`, `123.4` or `123.45` (an optional leading `$`); null for anything else. */
export function parseDollars(raw: string): number | null {
  const match = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(raw.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  return `${sign}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** A guardrail that refused a cell: line number of the file (header = 1), column and rule. */
export const RateRowError = z.object({
  row: z.number(),
  column: z.string(),
  rule: z.string(),
  message: z.string(),
})
export type RateRowError = z.infer<typeof RateRowError>

export const RateRowState = z.enum(['invalid', 'pending', 'applying', 'applied', 'failed', 'skipped', 'undone'])
export type RateRowState = z.infer<typeof RateRowState>

/** One row of a file, old → new in dollars; street rates carry the facility's unit count of the type. */
export const RateChangeRow = z.object({
  row: z.number(),
  location_code: z.string(),
  unit_type_id: z.number().nullable(),
  tenant_id: z.string().nullable(),
  lease_no: z.string().nullable(),
  unit_no: z.string().nullable(),
  effective_date: z.string().nullable(),
  old_rate: z.number().nullable(),
  new_rate: z.number().nullable(),
  change: z.number().nullable(),
  change_percent: z.number().nullable(),
  /** Dollars a month: the change × units of the type (street rate) or the change of the lease's rent (tenant rate). */
  monthly_revenue_change: z.number().nullable(),
  state: RateRowState,
  outcome: z.string().nullable(),
})
export type RateChangeRow = z.infer<typeof RateChangeRow>

export const RateUploadSummary = z.object({
  id: z.number(),
  file_name: z.string(),
  status: z.enum(['pending', 'processing', 'processed', 'discarded', 'undoing']),
  uploaded_at: z.string(),
  userName: z.string(),
})

export const RateChanges = z.object({
  upload: RateUploadSummary.nullable(),
  counts: z.object({ received: z.number(), pending: z.number(), errors: z.number() }),
  units: z.array(RateChangeRow),
  errors: z.array(RateRowError),
  revenue: z.object({
    facilities: z.array(z.object({ location_code: z.string(), name: z.string(), monthly_change: z.number() })),
    total: z.number(),
  }),
  settings: z.object({ max_increase_percent: z.number(), notice_days: z.number() }),
})
export type RateChanges = z.infer<typeof RateChanges>

export const RATE_CHANGE_SORTS = ['row', 'location_code', 'change'] as const
export type RateChangeSort = (typeof RATE_CHANGE_SORTS)[number]
export const RATE_CHANGES_PAGE_SIZE = 25

/** GET …/changes paged (DESIGN §13; `q` in facility, tenant, lease or unit): the rows that passed the guardrails. */
export const RateChangesQuery = listQuery(RATE_CHANGE_SORTS)
export const RateChangesPage = recordsPage(RateChangeRow)
export type RateChangesPage = z.infer<typeof RateChangesPage>

/** POST …/process (spec §7): the pending upload's uploaded_at (a stale page is 409) and the signed-in user's id. */
export const ProcessRatesInput = z.object({
  uploaded_at: text().trim().min(1).max(40),
  user_id: id(),
})
export type ProcessRatesInput = z.infer<typeof ProcessRatesInput>

export const ProcessRatesAccepted = z.object({ upload_id: z.number(), rows: z.number() })

/** A row of the Upload Logs screen (spec §3: id, uploaded_at, userName, numberOfRecords). */
export const RateUploadLog = z.object({
  id: z.number(),
  uploaded_at: z.string(),
  userName: z.string(),
  numberOfRecords: z.number(),
  status: z.string(),
  applied: z.number(),
  failed: z.number(),
  processed_at: z.string().nullable(),
  undone_at: z.string().nullable(),
})
export type RateUploadLog = z.infer<typeof RateUploadLog>

export const LiveLogEntry = z.object({ id: z.number(), log: z.string(), isError: z.boolean(), createdAt: z.string() })
export type LiveLogEntry = z.infer<typeof LiveLogEntry>
export const LiveLog = z.object({ upload_id: z.number().nullable(), entries: z.array(LiveLogEntry) })
export type LiveLog = z.infer<typeof LiveLog>

export interface RateLiveEvent {
  action: 'createLog'
  logInfo: { id: number; log: string }
  isError: boolean
}

/** Columns of street_rate_upload_id_{id}.csv / tenant_rate_upload_id_{id}.csv: every row with its outcome. */
export const RATE_LOG_CSV_COLUMNS = {
  street_rate: ['row', 'location_code', 'unit_type_id', 'old_street_rate', 'new_street_rate', 'state', 'outcome'],
  tenant_rate: ['row', ...TENANT_RATE_COLUMNS, 'state', 'outcome'],
} as const
