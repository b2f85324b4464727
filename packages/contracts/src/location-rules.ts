/** Reservation window in days (spec: admin-console-part-1 §9 "Reservation window: 1 to 21"). */
export const RESERVATION_WINDOW_MIN = 1
export const RESERVATION_WINDOW_MAX = 21
/** A location without a reservation window gets 7 days. */
export const RESERVATION_WINDOW_DEFAULT = 7
/** Strike-through rate is a percentage, default 0 (spec: admin-console-part-1 §9). */
export const STRIKE_THROUGH_RATE_DEFAULT = 0
export const STRIKE_THROUGH_RATE_MAX = 100
/** Unit type note limit (spec: admin-console-part-1 §5, §9). */
export const UNIT_TYPE_NOTE_MAX = 200
export const LOCATION_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const LOCATION_MESSAGES = {
  ccFeeLabel: '$2 CC Processing Fee',
  reverseGroupOrder: 'Reverse Group Order',
  updateAllPages: 'Update All Pages',
  bulkSaved: 'Saved!',
  nothingToSave: 'Nothing to save.',
  contentSaved: 'Successfully updated the contents!',
  contentSaveFailed: 'Failed to update contents.',
  invalidLocationCode: 'Location code is not valid.',
  dataSaved: 'Data saved successfully',
  saveFailed: 'Failed to save data',
  allSaved: 'All changes saved successfully',
  allSaveFailed: 'Failed to save all changes',
  locationCreated: 'Location created successfully',
  locationUpdated: 'Location updated successfully',
  locationDeleted: 'Location deleted successfully',
  confirmDelete: 'Are you sure you want to delete this location?',
  reservationWindow: `Reservation window must be a whole number from ${RESERVATION_WINDOW_MIN} to ${RESERVATION_WINDOW_MAX}.`,
  strikeThroughRate: `Strike-through rate must be a percentage from 0 to ${STRIKE_THROUGH_RATE_MAX}.`,
  noteTooLong: `Note must be at most ${UNIT_TYPE_NOTE_MAX} characters.`,
} as const

/** How a stored payment-terminal key is shown: bullets and its last four characters ('••••1234'). */
export const SECRET_MASK_PREFIX = '••••'

export function maskSecret(value: string | null): string | null {
  if (value === null || value === '') return null
  return value.length <= 4 ? SECRET_MASK_PREFIX : `${SECRET_MASK_PREFIX}${value.slice(-4)}`
}

/** True when a value is a mask the API handed out (so sending it back keeps the stored key). */
export function isMaskedSecret(value: string): boolean {
  return value.startsWith(SECRET_MASK_PREFIX)
}
