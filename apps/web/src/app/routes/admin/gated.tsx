import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { PermissionGate } from './permission-gate.tsx'

/**
 * An admin route behind the permission gate (spec: admin-console-part-2 §6) whose screen is its own
 * chunk, loaded on the first visit: `gated('/users', () => import('./users-page.tsx').then((m) => m.UsersPage))`.
 */
export function gated(path: string, load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    lazy: async () => {
      const Screen = await load()
      return {
        element: (
          <PermissionGate>
            <Screen />
          </PermissionGate>
        ),
      }
    },
  }
}
