/** Stub: replaced by the real screen. */
export function TasksOverviewPage() {
  return <p>TasksOverviewPage</p>
}
