/** Stub: replaced by the real screen. */
export function LoginPage() {
  return <p>LoginPage</p>
}
