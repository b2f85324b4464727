import { z } from 'zod'

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
