import type { UnitStatus } from '@storageops/contracts/unit-map-rules'

/** Fill colour of each status (legend and map share it); units without a known status are grey. */
export const STATUS_COLORS: Record<UnitStatus | 'Unknown', string> = {
  Rented: '#4263eb',
  Vacant: '#2f9e44',
  Reserved: '#f59f00',
  Unrentable: '#e03131',
  Unknown: '#adb5bd',
}
/** Outline of a unit matched by the search, and of the tapped unit. */
export const HIGHLIGHT_COLOR = '#d6336c'
export const SELECTED_COLOR = '#000000'
