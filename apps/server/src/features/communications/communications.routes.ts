import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  CommunicationTemplate,
  CommunicationsPage,
  CommunicationsQuery,
  TemplateIdParams,
  UpdateTemplateInput,
} from '@storageops/contracts/communications'
import { areaRoutes } from '../../lib/area-routes.ts'
import { isValidTwilioSignature } from '../../integrations/sms/twilio-signature.ts'
import { unauthorized } from '../../lib/http-error.ts'
import { channelsFor, publicBaseUrl } from './channels.ts'
import { listCommunications } from './outbox.service.ts'
import { recordInboundSms, recordSmsStatus } from './sms-webhooks.service.ts'
import { ensureMessageTemplates, getTemplate, listTemplates, updateTemplate } from './templates.service.ts'

const TEMPLATES_PAGE = { pages: ['/communication-templates'] } as const
const HISTORY_PAGE = { pages: ['/communication-history'] } as const

/** Communication templates and history (spec: admin-console-part-2 §2, §7) and the SMS provider's webhooks. */
export function registerCommunicationRoutes(app: FastifyInstance) {
  const channels = channelsFor(app.env)
  app.decorate('channels', channels)
  app.addHook('onClose', async () => channels.email.close())
  // The templates the product sends exist in every database, demo or not.
  app.addHook('onReady', async () => ensureMessageTemplates(app.db))
  const routes = areaRoutes(app, { access: TEMPLATES_PAGE, tag: 'communications' })

  routes.get(
    '/api/communication_templates',
    {
      summary: 'Every communication template with its computed status',
      response: { 200: z.array(CommunicationTemplate) },
    },
    async () => listTemplates(app.db),
  )

  routes.get(
    '/api/communication_templates/:id',
    {
      summary: "One template; 404 'Template not found'",
      params: TemplateIdParams,
      response: { 200: CommunicationTemplate, 404: ErrorBody },
    },
    async (request) => getTemplate(app.db, request.params.id),
  )

  routes.put(
    '/api/communication_templates/:id',
    {
      summary:
        'Save SMS body (at most 160 characters), email subject and body; an unknown placeholder or unreadable Liquid is 400 naming the field',
      params: TemplateIdParams,
      body: UpdateTemplateInput,
      response: { 200: CommunicationTemplate, 400: ErrorBody, 404: ErrorBody },
    },
    async (request) => updateTemplate(app.db, request.params.id, request.body, request.session!),
  )

  routes.get(
    '/api/communications',
    {
      config: { access: HISTORY_PAGE },
      summary: 'Communication History, newest first: rows and count (limit ≤ 100, default 20)',
      querystring: CommunicationsQuery,
      response: { 200: CommunicationsPage },
    },
    async (request) => listCommunications(app.db, request.query),
  )

  // The provider posts form bodies, signed over the URL and every parameter.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })
    const signed = scope.withTypeProvider<ZodTypeProvider>()
    const checkSignature = (request: FastifyRequest) => {
      const signature = request.headers['x-twilio-signature']
      const params = (request.body ?? {}) as Record<string, string>
      const url = `${publicBaseUrl(app)}${request.url}`
      if (
        !isValidTwilioSignature(
          app.channels.sms.authToken,
          typeof signature === 'string' ? signature : undefined,
          url,
          params,
        )
      )
        throw unauthorized('The request is not signed by the SMS provider.')
      return params
    }
    const FormBody = z.record(z.string(), z.string())

    signed.post(
      '/api/sms/status',
      {
        config: { access: 'public' },
        schema: {
          tags: ['communications'],
          summary: "SMS provider's status callback (X-Twilio-Signature checked): delivered / undelivered / failed",
          querystring: z.object({ communication_id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: FormBody,
          response: { 204: z.null(), 401: ErrorBody },
        },
      },
      async (request, reply) => {
        const params = checkSignature(request)
        await recordSmsStatus(app.db, request.query.communication_id, params, app.env.TEMPLATE_ISSUE_FAILURE_PERCENT)
        return reply.code(204).send(null)
      },
    )

    signed.post(
      '/api/sms/inbound',
      {
        config: { access: 'public' },
        schema: {
          tags: ['communications'],
          summary: 'Inbound text (X-Twilio-Signature checked): STOP opts the number out of texts, START back in',
          body: FormBody,
          response: { 200: z.string(), 401: ErrorBody },
        },
      },
      async (request, reply) => {
        const params = checkSignature(request)
        await recordInboundSms(app.db, params)
        return reply
          .header('content-type', 'text/xml; charset=utf-8')
          .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>')
      },
    )
  })
}
