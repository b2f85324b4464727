import { z } from 'zod'
import { idParam } from './primitives.ts'

/** The three rotating gate codes (spec: admin-console-part-2 §2, §3, §9 "Three gate code kinds"). */
export const GATE_CODE_NAMES = ['Auction Winner', 'Emergency Code', 'Temp Code'] as const
export const GateCodeName = z.enum(GATE_CODE_NAMES, {
  error: 'rotate_name must be Auction Winner, Emergency Code or Temp Code.',
})
export type GateCodeName = z.infer<typeof GateCodeName>

export const RotateGateCodeInput = z.object({ rotate_name: GateCodeName }).strict()
export type RotateGateCodeInput = z.infer<typeof RotateGateCodeInput>

export const RotationFacilityFailure = z.object({
  location_code: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
})

/** A rotation's progress (issue 7); `done`, `failed`, `total` count facilities; the new codes show only after success. */
export const GateCodeRotation = z.object({
  id: z.number().int(),
  names: z.array(GateCodeName),
  status: z.enum(['running', 'succeeded', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  failed_facilities: z.array(RotationFacilityFailure),
  requested_by: z.string(),
  error: z.string().nullable(),
  started_at: z.string().describe('ISO 8601'),
  finished_at: z.string().nullable().describe('ISO 8601'),
})
export type GateCodeRotation = z.infer<typeof GateCodeRotation>

export const RotationIdParams = z.object({ id: idParam() })

/** The success alert (spec: admin-console-part-2 §8): 'Rotate successfully for: {name}'; for all, the three names joined. */
export function rotationSuccessMessage(names: readonly string[]): string {
  return `Rotate successfully for: ${names.join(', ')}`
}

/** Shown while a rotation runs (spec: admin-console-part-2 §2). */
export const ROTATION_WAIT_TEXT = 'This should take a few minutes to update all facilities. Please wait…'

export const ROTATION_RUNNING_MESSAGE = 'A gate code rotation is already running. Wait until it finishes.'
