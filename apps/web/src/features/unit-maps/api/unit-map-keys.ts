/** Query keys of the unit maps. An upload or a Gate / Rental Center save invalidates the facility's `units`. */
export const unitMapKeys = {
  units: (locationCode: string) => ['location-units', locationCode] as const,
  statuses: (locationCode: string) => ['location-unit-statuses', locationCode] as const,
  openTasks: (locationCode: string) => ['unit-map-open-tasks', locationCode] as const,
  walkOrder: (locationCode: string) => ['walk-order', locationCode] as const,
}
