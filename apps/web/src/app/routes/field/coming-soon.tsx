/** Stub: replaced by the real screen. */
export function ComingSoonPage() {
  return <p>ComingSoonPage</p>
}
