import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AuditPage, AuditQuery } from '@storageops/contracts/audit'
import { listAudit } from './audit.service.ts'

export function registerAuditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['audit'],
        summary: 'Audit log, newest first: who, when, what, before and after; paged by limit (max 200) and offset',
        querystring: AuditQuery,
        response: { 200: AuditPage },
      },
    },
    async (request) => listAudit(app.db, request.query),
  )
}
