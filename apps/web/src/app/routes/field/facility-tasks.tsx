/** Stub: replaced by the real screen. */
export function FacilityTasksPage() {
  return <p>FacilityTasksPage</p>
}
