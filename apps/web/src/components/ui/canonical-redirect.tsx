import { Navigate, useLocation } from 'react-router'

/** True when `typed` is `canonical` in another case ('tx100' for TX100, 'Austin-TX-100' for austin-tx-100). */
export const isOtherCase = (typed: string, canonical: string) =>
  typed !== canonical && typed.toLowerCase() === canonical.toLowerCase()

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Codes and slugs in any case lead to the facility (issue 34): this address again, with the facility's own code or
 * slug in place of the one typed, replacing it in the history.
 */
export function CanonicalRedirect({ typed, canonical }: { typed: string; canonical: string }) {
  const { pathname, search, hash } = useLocation()
  const segments = pathname
    .split('/')
    .map((segment) => (decoded(segment) === typed ? encodeURIComponent(canonical) : segment))
  return <Navigate replace to={{ pathname: segments.join('/'), search, hash }} />
}
