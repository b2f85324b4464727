import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  CreateUserInput,
  DeleteUserQuery,
  UpdateUserInput,
  USER_MESSAGES,
  UserMessage,
  UserRecord,
} from '@storageops/contracts/users'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { createUser, deleteUser, listUsers, updateUser } from './users.service.ts'

export function registerUserRoutes(app: FastifyInstance) {
  const access = { pages: ['/users'] } as const
  const routes = areaRoutes(app, { access, tag: 'users' })

  routes.get(
    '/api/users',
    { summary: 'Every admin user with role', response: { 200: z.array(UserRecord) } },
    async () => listUsers(app.db),
  )

  routes.post(
    '/api/users',
    {
      summary:
        "Creates a user: email and password required ('Please fill in all the required fields.'); 409 when the email exists",
      body: CreateUserInput,
      response: { 201: UserRecord, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
    },
    async (request, reply) => reply.code(201).send(await createUser(app.db, request.body, adminSessionOf(request))),
  )

  routes.put(
    '/api/users',
    {
      summary:
        'Updates a user by id; the email cannot change ("Email can\'t be blank."); an empty password keeps the current one',
      body: UpdateUserInput,
      response: { 200: UserRecord, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
    async (request) => updateUser(app.db, request.body, adminSessionOf(request)),
  )

  routes.delete(
    '/api/users',
    {
      summary: "Deletes a user (query userId); its sessions end at once; 'User was successfully deleted'",
      querystring: DeleteUserQuery,
      response: { 200: UserMessage, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
    async (request) => {
      await deleteUser(app.db, request.query.userId, adminSessionOf(request))
      return { message: USER_MESSAGES.deleted }
    },
  )
}
