import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  CreateRoleInput,
  DeleteRoleQuery,
  ROLE_MESSAGES,
  RoleWithUsers,
  UpdateRoleInput,
} from '@storageops/contracts/roles'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { createRole, deleteRole, listRoles, updateRole } from './roles.service.ts'

/** Changes are superadmin only; roles allowed /users may read the list (the Users screen's role choices). */
export function registerRoleRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: 'superadmin', tag: 'roles' })

  routes.get(
    '/api/roles',
    {
      config: { access: { pages: ['/roles', '/users'] } },
      summary: 'Every role with allowed_pages and assigned_users',
      response: { 200: z.array(RoleWithUsers) },
    },
    async () => listRoles(app.db),
  )

  routes.post(
    '/api/roles',
    {
      summary: 'Creates a role by name; 409 when the name is taken',
      body: CreateRoleInput,
      response: { 201: RoleWithUsers, 409: ErrorBody },
    },
    async (request, reply) => reply.code(201).send(await createRole(app.db, request.body, adminSessionOf(request))),
  )

  routes.put(
    '/api/roles',
    {
      summary: 'Saves the whole role: name and allowed_pages (admin page paths)',
      body: UpdateRoleInput,
      response: { 200: RoleWithUsers, 404: ErrorBody, 409: ErrorBody },
    },
    async (request) => updateRole(app.db, request.body, adminSessionOf(request)),
  )

  routes.delete(
    '/api/roles',
    {
      summary:
        'Deletes a role (query roleId); 409 "You can\'t delete this role since this role is being used by users."',
      querystring: DeleteRoleQuery,
      response: { 200: z.object({ message: z.string() }), 404: ErrorBody, 409: ErrorBody },
    },
    async (request) => {
      await deleteRole(app.db, request.query.roleId, adminSessionOf(request))
      return { message: ROLE_MESSAGES.deleted }
    },
  )
}
