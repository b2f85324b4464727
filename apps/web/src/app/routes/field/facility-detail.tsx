/** Stub: replaced by the real screen. */
export function FacilityDetailPage() {
  return <p>FacilityDetailPage</p>
}
