/** Stub: replaced by the real screen. */
export function NewTaskPage() {
  return <p>NewTaskPage</p>
}
