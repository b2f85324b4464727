import { z } from 'zod'
import { defineResource, requiredText } from '../resource.ts'

/** A unit filter (spec: admin-console-part-2 §3); the Unit Types screen ticks them per unit type. */
export const UnitFilterRecord = z.object({ id: z.number().int(), name: z.string(), filter_key: z.string() })
export type UnitFilterRecord = z.infer<typeof UnitFilterRecord>

export const FILTER_KEY_PATTERN_MESSAGE = 'Filter key may use lower-case letters, digits, dashes and underscores.'

/** Lower-cased and trimmed, then 'climate-controlled' style; `message` when blank (add and edit word it differently). */
const filterKey = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .min(1, { error: message, abort: true })
    .max(60)
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, FILTER_KEY_PATTERN_MESSAGE)

/** POST /api/unit_filters (spec: §5): 'Name is required', 'Filter Key is required'. */
export const CreateUnitFilterInput = z.object({
  name: requiredText('Name is required', 100),
  filter_key: filterKey('Filter Key is required'),
})
export type CreateUnitFilterInput = z.input<typeof CreateUnitFilterInput>

/** PUT /api/unit_filters/{id} (spec: §5): on edit the key's message reads 'Filter key is required'. */
export const UpdateUnitFilterInput = z.object({
  name: requiredText('Name is required', 100),
  filter_key: filterKey('Filter key is required'),
})
export type UpdateUnitFilterInput = z.input<typeof UpdateUnitFilterInput>

/** Unit filters: /unit-filters, /unit-filters/new, /unit-filters/{id} (spec: admin-console-part-2 §2, §4, §5, §8). */
export const unitFiltersResource = defineResource({
  name: 'unit_filter',
  api: '/api/unit_filters',
  page: '/unit-filters',
  screen: '/unit-filters',
  key: 'id',
  record: UnitFilterRecord,
  create: CreateUnitFilterInput,
  update: UpdateUnitFilterInput,
  sort: 'name',
  labels: {
    singular: 'Unit filter',
    plural: 'Unit Filters',
    create: 'Add Unit Filter',
    edit: 'Edit Unit Filter',
    description: 'Filters customers pick units by on the website; each facility’s unit types choose theirs.',
  },
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true, max: 100 },
    {
      key: 'filter_key',
      label: 'Filter Key',
      kind: 'text',
      required: true,
      max: 60,
      description: 'Lower-case, e.g. climate-controlled. Renaming it updates every unit type that uses it.',
    },
  ],
  columns: [
    { kind: 'position', label: 'Number' },
    { key: 'name', label: 'Name' },
    { key: 'filter_key', label: 'Key' },
  ],
  messages: {
    notFound: 'Failed to load unit filter',
    createFailed: 'Failed to add unit filter',
    updateFailed: 'Failed to update unit filter',
    saved: 'Data saved successfully',
    deleted: 'Unit filter deleted',
    deleteFailed: 'Failed to delete unit filter',
    confirmDelete: 'Are you sure you want to delete this unit filter? Unit types that use it lose it.',
  },
  example: { name: 'Wine Storage', filter_key: 'wine-storage' },
  public: { fields: ['id', 'name', 'filter_key'] },
})
