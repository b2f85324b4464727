/** Stub: replaced by the real screen. */
export function ClosedTasksPage() {
  return <p>ClosedTasksPage</p>
}
