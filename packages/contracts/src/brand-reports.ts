import { z } from 'zod'
import { idParam, text } from './primitives.ts'
import { BRANDS_NOTES_MAX_LENGTH } from './brand-report-rules.ts'

/** Brand-standards reports (spec: snapshot-field-tool §3 "Brands report", §7; issue 6: checklist and submit). */

export const BrandStandard = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().describe('what the photo should show'),
})
export type BrandStandard = z.infer<typeof BrandStandard>
export const BrandStandardList = z.array(BrandStandard)

/** A report as the archive lists it (spec §2 Brand-standards report list: Date Time, Photos, Notes, Completed, User). */
export const BrandsReportSummary = z.object({
  id: z.number().int(),
  report_submit_at: z.string().describe('ISO 8601'),
  report_submit_by: z.object({ full_name: z.string() }).describe('the submitter'),
  photos_count: z.number().int(),
  notes: z.string().nullable(),
  completed: z.boolean().describe('true when every active brand standard had photos at submit time'),
  missing_standards: z
    .array(z.string())
    .describe('names of the standards without photos at submit time (additive); empty when completed or not known'),
})
export type BrandsReportSummary = z.infer<typeof BrandsReportSummary>

export const FacilityBrandsReports = z.object({
  location: z.object({ id: z.number().int(), name: z.string(), location_code: z.string() }),
  entries: z.array(BrandsReportSummary),
})
export type FacilityBrandsReports = z.infer<typeof FacilityBrandsReports>

export const BrandStandardAttachment = z.object({
  id: z.number().int(),
  url: z.string().describe('/img/{name}'),
  thumbnail_url: z.string().nullable().describe('/img/{name}; null when no thumbnail could be made'),
})

export const BrandsReport = BrandsReportSummary.extend({
  location: z.object({ id: z.number().int(), name: z.string(), location_code: z.string() }),
  brand_standard_reports: z.array(
    z.object({
      id: z.number().int(),
      brand_standard: z.object({ id: z.number().int(), name: z.string() }),
      attachments: z.array(BrandStandardAttachment),
    }),
  ),
})
export type BrandsReport = z.infer<typeof BrandsReport>

export const BrandsReportIdParams = z.object({ id: idParam() })
export const LocationIdParams = z.object({ location_id: idParam() })

/** Multipart: these fields plus photo files under `brand_standard_{id}`. */
export const CreateBrandsReportInput = z.object({
  location_code: text().trim().min(1).max(40).describe("the facility's site code"),
  notes: text()
    .trim()
    .max(BRANDS_NOTES_MAX_LENGTH)
    .optional()
    .describe('read-only once submitted; required when a standard has no photos'),
})
export type CreateBrandsReportInput = z.infer<typeof CreateBrandsReportInput>
