import { z } from 'zod'
import { ErrorBody } from './errors.ts'
import { text } from './primitives.ts'
import {
  SYSTEM_CATEGORIES,
  SYSTEM_ROTATION_MAX,
  SYSTEM_ROTATION_MIN,
  SYSTEM_SIZE_MAX,
  SYSTEM_SIZE_MIN,
  UNIT_STATUSES,
} from './unit-map-rules.ts'

/** A unit with map data (spec: snapshot-field-tool §3 "Location unit"); coordinates in map units of CRS.Simple. */
export const LocationUnit = z.object({
  id: z.number().int(),
  location_code: z.string(),
  unit_id: z.string(),
  unit_no: z.string(),
  floor_no: z.number().int(),
  top_coordinate: z.number(),
  left_coordinate: z.number(),
  width: z.number(),
  length: z.number(),
  rotate: z.number(),
  category_name: z.string().nullable(),
  description: z.string().nullable(),
  system: z.boolean(),
  system_rotation: z.number(),
})
export type LocationUnit = z.infer<typeof LocationUnit>

const coordinate = z.number().finite().min(-100_000).max(100_000)

/** A Gate or Rental Center (spec: admin-console-part-1 §5): map units, top grows downwards, rotation in degrees. */
export const SystemUnitInput = z.object({
  category_name: z.enum(SYSTEM_CATEGORIES),
  left_coordinate: coordinate,
  top_coordinate: coordinate,
  system_rotation: z
    .number()
    .finite()
    .min(SYSTEM_ROTATION_MIN, 'Rotation must be between 0 and 360.')
    .max(SYSTEM_ROTATION_MAX, 'Rotation must be between 0 and 360.'),
  size: z
    .number()
    .finite()
    .min(SYSTEM_SIZE_MIN, 'Size must be between 1 and 999.')
    .max(SYSTEM_SIZE_MAX, 'Size must be between 1 and 999.'),
})
export type SystemUnitInput = z.infer<typeof SystemUnitInput>

export const SaveSystemUnitsInput = z.object({
  location_code: text().trim().min(1).max(32),
  units: z
    .array(SystemUnitInput)
    .min(1)
    .max(2)
    .refine(
      (units) => new Set(units.map((unit) => unit.category_name)).size === units.length,
      'Gate and Rental Center may each appear once.',
    ),
})
export type SaveSystemUnitsInput = z.infer<typeof SaveSystemUnitsInput>

/** `dry_run=true` checks the whole file and answers the counts without changing anything (issue 18: the confirmation names them). */
export const UploadQuery = z.object({
  location_code: text().trim().min(1).max(32),
  dry_run: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
})

/** A good upload's units (`imported`, on `floors`) and the non-system units it replaced (or would, on a dry run). */
export const UploadResult = z.object({
  location_code: z.string(),
  imported: z.number().int(),
  replaced: z.number().int(),
  floors: z.array(z.number().int()),
  dry_run: z.boolean(),
})
export type UploadResult = z.infer<typeof UploadResult>

/** One refused CSV row: its line in the file (the header is line 1) and every reason. */
export const CsvRowError = z.object({
  line: z.number().int(),
  unit_no: z.string().nullable(),
  reasons: z.array(z.string()),
})
export type CsvRowError = z.infer<typeof CsvRowError>

/** The 400 of a refused file: the error body plus the bad rows (the first 100) and their count. */
export const CsvErrorBody = ErrorBody.extend({
  rows: z.array(CsvRowError).optional(),
  bad_row_count: z.number().int().optional(),
})
export type CsvErrorBody = z.infer<typeof CsvErrorBody>

export const UnitStatusEntry = z.object({ unit_no: z.string(), status: z.enum(UNIT_STATUSES) })
export const UnitStatusList = z.object({ statuses: z.array(UnitStatusEntry) })
export type UnitStatusList = z.infer<typeof UnitStatusList>
