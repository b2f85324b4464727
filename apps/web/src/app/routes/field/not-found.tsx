/** Stub: replaced by the real screen. */
export function NotFoundPage() {
  return <p>NotFoundPage</p>
}
