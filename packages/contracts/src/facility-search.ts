import type { Location } from './facilities.ts'

/**
 * Case-insensitive substring match over code, name, state, city, address and zip (spec: snapshot-field-tool §2); a
 * list that has only some of them (the Dashboard's code and name) matches over those.
 */
export function matchesFacilitySearch(
  location: Pick<Location, 'location_code' | 'name'> & Partial<Pick<Location, 'state' | 'city' | 'address' | 'zip'>>,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  return [location.location_code, location.name, location.state, location.city, location.address, location.zip].some(
    (value) => value?.toLowerCase().includes(needle),
  )
}

export function facilityResultLine(location: Pick<Location, 'name' | 'address' | 'city' | 'state' | 'zip'>): string {
  return `${location.name} | ${location.address}, ${location.city}, ${location.state} ${location.zip}`
}

/** Google Maps at zoom 22, satellite view (spec: admin-console-part-2 §9). */
export function googleMapsUrl(point: { lat: number; long: number }): string {
  return `https://www.google.com/maps/@?api=1&map_action=map&center=${point.lat},${point.long}&zoom=22&basemap=satellite`
}
