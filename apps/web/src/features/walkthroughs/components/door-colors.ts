import type { DoorState } from '../walkthrough-view.ts'

/** Fill colour of each door state on the walkthrough map and its legend. */
export const DOOR_COLORS: Record<DoorState, string> = {
  to_check: '#ffffff',
  agrees: '#2f9e44',
  discrepancy: '#e03131',
  note: '#f59f00',
  skipped: '#adb5bd',
}
