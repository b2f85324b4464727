import { discrepancyOf, type Observation } from '@storageops/contracts/walkthrough-rules'
import type { WalkthroughUnit } from '@storageops/contracts/walkthroughs'
import type { QueuedWrite } from '../../lib/write-queue.ts'
import { observationsPath } from './api/record-observation.ts'

/** A door recorded on this phone that the server has not answered yet (sending, or waiting for the network). */
export interface PendingDoor {
  client_id: string
  unit_no: string
  observed: Observation
  observed_at: string
  lock_serial?: string | null
  note?: string | null
}

/** A walkthrough's unit as this phone shows it: the server's, or a door recorded here and not yet synced. */
export type ShownUnit = WalkthroughUnit & { pending?: true }

/** The doors of `walkthroughId` waiting in the write queue, in the order recorded (lists and single photo writes). */
export function queuedDoors(writes: readonly QueuedWrite[], walkthroughId: number): PendingDoor[] {
  const path = observationsPath(walkthroughId)
  return writes
    .filter((write) => (write.path === path || write.path === `${path}/photo`) && write.state === 'waiting')
    .flatMap((write) => {
      const list = write.batch ? write.body[write.batch.field] : [write.body]
      return Array.isArray(list) ? (list as PendingDoor[]) : []
    })
}

/** The phone's pending doors laid over the server's units, the latest made winning (ties: the pending one). */
export function withPendingDoors(
  units: readonly WalkthroughUnit[],
  pending: readonly PendingDoor[],
  username: string,
  fullName: string,
): ShownUnit[] {
  const latest = new Map<string, PendingDoor>()
  for (const door of pending) {
    const seen = latest.get(door.unit_no)
    if (!seen || door.observed_at >= seen.observed_at) latest.set(door.unit_no, door)
  }
  return units.map((unit) => {
    const door = latest.get(unit.unit_no)
    if (!door || (unit.observed_at !== null && Date.parse(unit.observed_at) > Date.parse(door.observed_at))) return unit
    return {
      ...unit,
      observed: door.observed,
      observed_at: door.observed_at,
      observed_by: { username, full_name: fullName },
      lock_serial: door.lock_serial?.toUpperCase() ?? null,
      serial_check: null,
      note: door.note ?? null,
      discrepancy: discrepancyOf(unit.expected, door.observed),
      task_id: null,
      pending: true,
    }
  })
}

/** How a unit reads on the walkthrough map and list. */
export type DoorState = 'to_check' | 'agrees' | 'discrepancy' | 'note' | 'skipped'

export function doorStateOf(unit: Pick<WalkthroughUnit, 'expected' | 'observed' | 'discrepancy'>): DoorState {
  if (unit.expected === 'skip') return 'skipped'
  if (unit.observed === null) return 'to_check'
  if (unit.discrepancy !== null) return 'discrepancy'
  return unit.observed === 'other' ? 'note' : 'agrees'
}

export const DOOR_STATE_LABELS: Record<DoorState, string> = {
  to_check: 'To check',
  agrees: 'Agrees',
  discrepancy: 'Discrepancy',
  note: 'Other (note)',
  skipped: 'Skipped',
}
