import { z } from 'zod'

/** The setting that switches the public website's maintenance mode (spec: admin-console-part-1 §3, §4). */
export const MAINTENANCE_SETTING = {
  name: 'maintenance',
  description: "Maintenance mode of the public website: 'true' shows the maintenance page, 'false' the normal site.",
} as const

/** The top bar's maintenance toggle messages (spec: admin-console-part-1 §8). */
export const MAINTENANCE_MESSAGES = {
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

/** GET /api/settings?name=: every setting, or the one with that name (an empty list when there is none). */
export const SettingsQuery = z.object({ name: z.string().trim().toLowerCase().min(1).max(100).optional() })

/** POST /api/settings (spec: admin-console-part-1 §7): name (lower-cased), value, description. */
export const CreateSettingInput = z.object({
  name: z.string().trim().toLowerCase().min(1, 'Please fill in all the required fields.').max(100),
  value: z.string().max(100_000).default(''),
  description: z.string().max(2000).default(''),
})
export type CreateSettingInput = z.input<typeof CreateSettingInput>

/** PUT /api/settings/{id} (spec: admin-console-part-1 §7): value, and optionally name and description. */
export const UpdateSettingInput = z.object({
  value: z.string().max(100_000),
  name: z.string().trim().toLowerCase().min(1).max(100).optional(),
  description: z.string().max(2000).optional(),
})
export type UpdateSettingInput = z.infer<typeof UpdateSettingInput>

export const SettingIdParams = z.object({ id: z.coerce.number().int().positive() })
