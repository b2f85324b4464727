import type { RouteObject } from 'react-router'

/**
 * The routes with every path matched in its own case (spec: snapshot-field-tool §2 and admin-console-part-2 §2:
 * paths are exact); React Router ignores case unless told. A code or slug in another case still matches its
 * `:param`, and its page leads to the facility's own (components/ui/canonical-redirect.tsx).
 */
export function caseSensitive(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        ...route,
        ...(route.path ? { caseSensitive: true } : {}),
        ...(route.children ? { children: caseSensitive(route.children) } : {}),
      }) as RouteObject,
  )
}
