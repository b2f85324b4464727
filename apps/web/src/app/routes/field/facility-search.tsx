/** Stub: replaced by the real screen. */
export function FacilitySearchPage() {
  return <p>FacilitySearchPage</p>
}
