import type { RouteObject } from 'react-router'

/** Routes matched in their own case (paths are exact: spec §2 of both apps); React Router ignores case unless told. */
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
