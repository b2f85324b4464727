/**
 * Where to go after sign-in: the originally requested page when `next` is a path of this site
 * (starts with one '/', not '//' or '/\', which browsers read as another host), else '/'
 * (spec: snapshot-field-tool §2).
 */
export function nextPathAfterLogin(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  if (next === '/login' || next.startsWith('/login?')) return '/'
  return next
}

/** The login page that comes back to `next` (a path with its query and hash) after sign-in. */
export function loginPathFor(next: string): string {
  return `/login${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`
}
