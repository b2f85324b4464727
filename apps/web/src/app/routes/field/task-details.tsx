/** Stub: replaced by the real screen. */
export function TaskDetailsPage() {
  return <p>TaskDetailsPage</p>
}
