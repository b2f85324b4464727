import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  CreateSettingInput,
  Setting,
  SettingIdParams,
  SettingsQuery,
  UpdateSettingInput,
} from '@storageops/contracts/settings'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { createSetting, listSettings, updateSetting } from './settings.service.ts'

/**
 * Settings API (spec: admin-console-part-1 §7, admin-console-part-2 §7), for roles allowed /settings.
 * The top bar's maintenance toggle uses these same calls, so it needs /settings too (docs/decisions).
 */
export function registerSettingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const access = { pages: ['/settings'] } as const

  api.get(
    '/api/settings',
    {
      config: { access },
      schema: {
        tags: ['settings'],
        summary: 'Settings by name; ?name=maintenance gives a list of at most one',
        querystring: SettingsQuery,
        response: { 200: z.array(Setting) },
      },
    },
    async (request) => listSettings(app.db, request.query.name),
  )

  api.post(
    '/api/settings',
    {
      config: { access },
      schema: {
        tags: ['settings'],
        summary: 'Creates a setting (name lower-cased); 409 when the name exists',
        body: CreateSettingInput,
        response: { 201: Setting, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await createSetting(app.db, request.body, adminSessionOf(request))),
  )

  api.put(
    '/api/settings/:id',
    {
      config: { access },
      schema: {
        tags: ['settings'],
        summary: 'Updates a setting value (and name/description when given)',
        params: SettingIdParams,
        body: UpdateSettingInput,
        response: { 200: Setting, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => updateSetting(app.db, request.params.id, request.body, adminSessionOf(request)),
  )
}
