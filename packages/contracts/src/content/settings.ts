import { z } from 'zod'
import { defineResource } from '../resource.ts'
import { WALKTHROUGH_SETTINGS } from '../walkthrough-rules.ts'

/** The setting that switches the public website's maintenance mode (spec: admin-console-part-1 §3, §4). */
export const MAINTENANCE_SETTING = {
  name: 'maintenance',
  description: "Maintenance mode of the public website: 'true' shows the maintenance page, 'false' the normal site.",
} as const

/** The top bar's maintenance toggle messages (spec: admin-console-part-1 §8; `confirmOn` is ours). */
export const MAINTENANCE_MESSAGES = {
  confirmOn:
    'The public website goes down: every visitor sees the maintenance page until maintenance mode is turned off.',
  confirmOff: 'The public website comes back at once for every visitor, in whatever state its content is now.',
  on: 'Done, maintenance mode is on',
  off: 'Done, maintenance mode is off',
  onFailed: 'Failed to trigger maintenance mode on',
  offFailed: 'Failed to trigger maintenance mode off',
} as const

/** A setting (spec: admin-console-part-2 §3): name forced to lower case, markdown or 'true'/'false' value. */
export const Setting = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  description: z.string(),
})
export type Setting = z.infer<typeof Setting>

/** A whole number of days from `min` to `max`, spaces around allowed, read as that number; else `message`. */
function wholeDays(label: string, min: number, max: number) {
  const message = `${label} must be a whole number of days from ${min} to ${max}.`
  return z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((days) => days >= min && days <= max, message)
}

/** The settings read as numbers (issue 31), refused naming `value`: overlock days 0–120 (0: any past due); cadence 1–365. */
const SETTING_VALUES = {
  [WALKTHROUGH_SETTINGS.overlockDays]: wholeDays('Overlock days', 0, 120),
  [WALKTHROUGH_SETTINGS.cadenceDays]: wholeDays('Walkthrough cadence', 1, 365),
} satisfies Record<string, z.ZodType<number, string>>
export type CheckedSetting = keyof typeof SETTING_VALUES

export function settingValueRule(name: string): z.ZodType<number, string> | undefined {
  return Object.hasOwn(SETTING_VALUES, name) ? SETTING_VALUES[name as CheckedSetting] : undefined
}

/** A setting's value against its name's rule (a PUT without the name: the server checks the stored one). */
function checkValue(input: { name?: string; value?: string }, context: z.RefinementCtx) {
  const rule = input.name === undefined ? undefined : settingValueRule(input.name)
  const issue = rule && input.value !== undefined ? rule.safeParse(input.value).error?.issues[0] : undefined
  if (issue) context.addIssue({ code: 'custom', path: ['value'], message: issue.message, input: input.value })
}

const name = z.string({ error: 'Name is required' }).trim().toLowerCase().min(1, 'Name is required').max(100)
const value = z.string().max(100_000)
const description = z.string().trim().max(2000)

/** POST /api/settings (spec: admin-console-part-1 §7): name (lower-cased), value, description. */
export const CreateSettingInput = z
  .object({ name, value: value.default(''), description: description.default('') })
  .superRefine(checkValue)
export type CreateSettingInput = z.input<typeof CreateSettingInput>

/** PUT /api/settings/{id} (spec: admin-console-part-1 §7): the value, and the name and description when given. */
export const UpdateSettingInput = z
  .object({ name: name.optional(), value, description: description.optional() })
  .superRefine(checkValue)
export type UpdateSettingInput = z.input<typeof UpdateSettingInput>

/** Settings: /settings, /settings/new, /settings/{id} (spec: admin-console-part-2 §2, §3, §5, §8). */
export const settingsResource = defineResource({
  name: 'setting',
  api: '/api/settings',
  page: '/settings',
  screen: '/settings',
  key: 'id',
  record: Setting,
  create: CreateSettingInput,
  update: UpdateSettingInput,
  /** GET /api/settings?name=maintenance: a list of at most one (admin-console-part-1 §7). */
  query: z.object({ name: name.optional() }),
  sort: 'name',
  labels: {
    singular: 'Setting',
    plural: 'Settings',
    create: 'New Setting',
    edit: 'Edit Setting',
    description: 'Named values the public website reads, such as maintenance.',
  },
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true, max: 100, description: 'Saved in lower case.' },
    { key: 'value', label: 'Value', kind: 'markdown' },
    { key: 'description', label: 'Description', kind: 'textarea', max: 2000 },
  ],
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'value', label: 'Value', kind: 'excerpt' },
    { key: 'description', label: 'Description', kind: 'excerpt' },
  ],
  messages: {
    notFound: 'Setting not found',
    createFailed: 'Failed to create a setting.',
    updateFailed: 'Failed to update setting.',
    saved: 'Data saved successfully',
    deleted: 'Setting deleted',
    deleteFailed: 'Failed to delete setting.',
    confirmDelete: 'Are you sure you want to delete this setting?',
  },
  example: {
    name: 'Storage-Tips-Banner',
    value: '**Free lock** with every move-in this month.',
    description: 'Banner text above the unit list on facility pages.',
  },
  public: { fields: ['name', 'value'], key: 'name' },
})
