import { z } from 'zod'
import { INT4_MAX, id, text } from './primitives.ts'
import { LOCATION_MESSAGES, UNIT_TYPE_NOTE_MAX } from './location-rules.ts'

/** A unit filter as unit types use it (spec: admin-console-part-1 §3 "Unit filter"), delivered as available_filters. */
export const UnitFilter = z.object({ id: z.number().int(), filter_key: z.string(), name: z.string() })
export type UnitFilter = z.infer<typeof UnitFilter>

/** Our settings of one unit type of a location (spec: admin-console-part-1 §3 "Location unit type"). */
export const SavedUnitType = z.object({
  unit_type_id: z.number().int(),
  note: z.string(),
  unit_filters: z.array(UnitFilter),
})
export type SavedUnitType = z.infer<typeof SavedUnitType>

/** The filters to choose from and the saved notes and filters per unit type (spec: admin-console-part-1 §7). */
export const LocationUnitTypes = z.object({
  location: z.object({
    location_code: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  available_filters: z.array(UnitFilter),
  unit_types: z.array(SavedUnitType),
})
export type LocationUnitTypes = z.infer<typeof LocationUnitTypes>

/** A unit type as the storage-management system lists it (LocationUnitTypes.UnitType). */
export const SsmUnitType = z.object({
  UnitTypeId: z.number().int(),
  UnitTypeCode: z.string(),
  CategoryName: z.string(),
})
export type SsmUnitType = z.infer<typeof SsmUnitType>

export const GetLocationUnitTypesInput = z.object({ location_code: text().trim().min(1).max(32) })
export const GetLocationUnitTypesResult = z.object({ LocationUnitTypes: z.object({ UnitType: z.array(SsmUnitType) }) })
export type GetLocationUnitTypesResult = z.infer<typeof GetLocationUnitTypesResult>

/** unit_filter_keys, when sent, must name the same filters as the ids. */
export const SaveUnitTypeInput = z.object({
  location_code: text().trim().min(1).max(32),
  unit_type_id: z.number().int().nonnegative().max(INT4_MAX),
  note: text()
    .trim()
    .max(UNIT_TYPE_NOTE_MAX, LOCATION_MESSAGES.noteTooLong)
    .nullish()
    .transform((value) => value ?? ''),
  unit_filter_ids: z.array(id()).max(100).default([]),
  unit_filter_keys: z.array(text().max(100)).max(100).optional(),
})
export type SaveUnitTypeInput = z.input<typeof SaveUnitTypeInput>
