import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { AnyResource } from '@storageops/contracts/resource'
import type { SaveEdit } from '../../../lib/resource-queries.ts'
import { PermissionGate } from './permission-gate.tsx'

/** An admin route behind the permission gate (spec: admin-console-part-2 §6), its screen a chunk of its own. */
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

/**
 * The gated, lazy routes of a declared resource (DESIGN §9): ResourceList at `list` (null: written by hand), ResourceForm
 * at `{screen}/new` and `{edit}/:key`; loading checks the paths against the declaration.
 */
export function gatedResource(
  screen: `/${string}`,
  load: () => Promise<AnyResource>,
  {
    list = screen,
    edit = screen,
    saveEdit,
  }: { list?: `/${string}` | null; edit?: `/${string}`; saveEdit?: () => Promise<SaveEdit> } = {},
): RouteObject[] {
  const loadWith = async <Exports,>(screens: Promise<Exports>) => {
    const [declaration, loaded, { editScreenOf, listScreenOf }] = await Promise.all([
      load(),
      screens,
      import('@storageops/contracts/resource'),
    ])
    const declared = [declaration.screen, listScreenOf(declaration), editScreenOf(declaration, ':key')]
    if (declared.join() !== [screen, list ?? listScreenOf(declaration), `${edit}/:key`].join())
      throw new Error(`${declaration.name} is declared at ${declared.join(', ')}`)
    return { declaration, ...loaded }
  }
  return [
    ...(list === null
      ? []
      : [
          gated(list, async () => {
            const { declaration, ResourceList } = await loadWith(import('../../../components/ui/resource-list.tsx'))
            return () => <ResourceList declaration={declaration} />
          }),
        ]),
    gated(`${screen}/new`, async () => {
      const { declaration, ResourceForm } = await loadWith(import('../../../components/ui/resource-form.tsx'))
      return () => <ResourceForm declaration={declaration} mode="create" />
    }),
    gated(`${edit}/:key`, async () => {
      const [{ declaration, ResourceForm }, save] = await Promise.all([
        loadWith(import('../../../components/ui/resource-form.tsx')),
        saveEdit?.(),
      ])
      return () => <ResourceForm declaration={declaration} mode="edit" saveEdit={save} />
    }),
  ]
}
