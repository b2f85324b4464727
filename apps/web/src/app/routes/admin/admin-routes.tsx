import type { RouteObject } from 'react-router'

/** Admin console routes (spec: admin-console-part-2 §2). */
export const adminRoutes: RouteObject[] = [
  { path: '*', element: <p>Admin console</p> },
]
