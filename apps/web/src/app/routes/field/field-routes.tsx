import type { RouteObject } from 'react-router'
import { FIELD_PAGES, type FieldPage } from '@storageops/contracts/field-pages'
import { caseSensitive } from '../../../lib/exact-routes.ts'
import { RequireFieldUser } from './require-field-user.tsx'

const modules = import.meta.glob<Record<string, React.ComponentType>>([
  './*.tsx',
  '!./field-routes.tsx',
  '!./field-layout.tsx',
  '!./require-field-user.tsx',
])

const route = ({ path, page, component }: FieldPage): RouteObject => ({
  path,
  lazy: async () => {
    const Component = (await modules[`./${page}.tsx`]!())[component]
    if (!Component) throw new Error(`${page}.tsx exports no ${component}`)
    return { Component }
  },
})

/**
 * Field-tool routes (spec: snapshot-field-tool §2) from the page table FIELD_PAGES: exact paths (case too); fixed
 * paths come before /:slug so a facility slug never shadows them; anything else is Page Not Found.
 */
export const fieldRoutes: RouteObject[] = caseSensitive([
  ...FIELD_PAGES.filter((page) => page.path === '/login').map(route),
  {
    element: <RequireFieldUser />,
    children: [
      ...FIELD_PAGES.filter((page) => page.path !== '/login' && !page.layout).map(route),
      {
        lazy: async () => ({ Component: (await import('./field-layout.tsx')).FieldLayout }),
        children: FIELD_PAGES.filter((page) => page.layout).map(route),
      },
    ],
  },
])
