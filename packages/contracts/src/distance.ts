/** The spec's earth figure in miles; used as the diameter in the haversine form d = 7917.6 · asin(√a). */
export const EARTH_FIGURE_MILES = 7917.6
export const NEARBY_RADIUS_MILES = 10
export const NEARBY_MAX_RESULTS = 5

export interface GeoPoint {
  lat: number
  long: number
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

export function distanceMiles(from: GeoPoint, to: GeoPoint): number {
  const dLat = toRadians(to.lat - from.lat)
  const dLong = toRadians(to.long - from.long)
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLong / 2) ** 2
  return EARTH_FIGURE_MILES * Math.asin(Math.sqrt(a))
}

/** At most 5 facilities more than 0 and under 10 miles away, nearest first (spec: snapshot-field-tool §5). */
export function findNearbyFacilities<T extends GeoPoint>(
  origin: GeoPoint,
  candidates: readonly T[],
): Array<T & { distance: number }> {
  return candidates
    .map((candidate) => ({ ...candidate, distance: distanceMiles(origin, candidate) }))
    .filter((candidate) => candidate.distance > 0 && candidate.distance < NEARBY_RADIUS_MILES)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEARBY_MAX_RESULTS)
}

export function formatMiles(distance: number): string {
  return `${distance.toFixed(2)} mi`
}
