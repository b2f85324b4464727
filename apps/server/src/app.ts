import type http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Db } from './db/client.ts'
import type { Env } from './env.ts'
import type { SsmClient } from './integrations/ssm/client.ts'
import { fileStorageFor, type FileStorage } from './integrations/files/storage.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerWebApp } from './plugins/web-app.ts'
import { registerErrorHandling } from './plugins/errors.ts'
import { registerHealth } from './plugins/health.ts'
import { registerMetrics } from './plugins/metrics.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerMultipart } from './lib/multipart.ts'
import { registerActionTime } from './lib/action-time.ts'
import { registerIdempotency } from './lib/idempotency.ts'
import { registerReadVersions } from './lib/read-versions.ts'
import { serializeRequest } from './plugins/log-redaction.ts'
import { serializeErrorForLog } from './lib/db-errors.ts'
import { registerAuditRoutes } from './features/audit/audit.routes.ts'
import { registerPublishRoutes } from './features/content/publish.routes.ts'
import { registerOffice365Routes } from './features/identity/office365.routes.ts'
import { registerRoleRoutes } from './features/roles/roles.routes.ts'
import { registerUserRoutes } from './features/users/users.routes.ts'
import { registerFacilityRoutes } from './features/facilities/facilities.routes.ts'
import { registerGateCodeRoutes } from './features/gate-codes/gate-codes.routes.ts'
import { registerFacilitySnapshotRoutes } from './features/facilities/facility-snapshot.routes.ts'
import { registerJobQueue } from './jobs/queue.ts'
import { registerGateCodeRotationJob } from './features/gate-codes/gate-code-rotation.job.ts'
import { registerOutboxJob } from './features/communications/outbox.job.ts'
import { outboxDepsOf } from './features/communications/channels.ts'
import { registerLeaseTerminationJob } from './features/lease-terminations/lease-termination-notices.job.ts'
import { registerIdentityRoutes } from './features/identity/identity.routes.ts'
import { registerTaskRoutes } from './features/tasks/tasks.routes.ts'
import { registerNotificationRoutes } from './features/notifications/notifications.routes.ts'
import { registerPushJob } from './features/notifications/push.job.ts'
import { registerBrandReportRoutes } from './features/brand-reports/brand-reports.routes.ts'
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes.ts'
import { registerUnitMapRoutes } from './features/unit-maps/unit-maps.routes.ts'
import { registerWalkthroughRoutes } from './features/walkthroughs/walkthroughs.routes.ts'
import { registerLocationRoutes } from './features/locations/locations.routes.ts'
import { registerLocationContentRoutes } from './features/locations/location-contents.routes.ts'
import { registerUnitTypeRoutes } from './features/unit-types/unit-types.routes.ts'
import { registerCommunicationRoutes } from './features/communications/communications.routes.ts'
import { registerLeaseTerminationRoutes } from './features/lease-terminations/lease-terminations.routes.ts'
import { registerAuctionRoutes } from './features/auctions/auctions.routes.ts'
import { registerSettlementRoutes } from './features/settlements/settlements.routes.ts'
import { registerResourceRoutes } from './lib/resource-routes.ts'
import { reviewStore, settingStore } from './features/content/content-resources.ts'
import { registerContentRoutes } from './features/content/content.routes.ts'
import { registerFileRoutes } from './features/files/files.routes.ts'
import { registerLiveChannel } from './lib/live-channel.ts'
import { registerRateUploadJob } from './features/rates/rate-processing.job.ts'
import { registerEcriRunJob } from './features/ecri/ecri-run.job.ts'
import { registerEcriRoutes } from './features/ecri/ecri.routes.ts'
import { registerRateRoutes } from './features/rates/rates.routes.ts'
import { registerHomepageRoutes } from './features/content/homepage.routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    env: Env
    ssm: SsmClient
    files: FileStorage
  }
}

export interface AppDependencies {
  env: Env
  db: Db
  ssm: SsmClient
  files?: FileStorage
  logger?: boolean | { level: string; stream?: { write(line: string): void } }
  webDist?: string
  /** A server already listening (server.ts's stand-by): the app takes its requests once ready, without app.listen(). */
  server?: http.Server
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist')

/** Builds the whole server (DESIGN §1, §3): plugins, then one register line per feature area. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  let serve: http.RequestListener | undefined
  const app = Fastify({
    logger: deps.logger
      ? {
          ...(typeof deps.logger === 'object' ? deps.logger : {}),
          serializers: { req: serializeRequest, err: serializeErrorForLog },
        }
      : false,
    // A hop count trusts that many proxies next to us (Fastify's own number option, as a function for its types).
    trustProxy:
      typeof deps.env.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(deps.env.TRUST_PROXY)
        : (deps.env.TRUST_PROXY ?? false),
    bodyLimit: 1024 * 1024,
    ...(deps.server
      ? {
          serverFactory: (handler: http.RequestListener) => ((serve = handler), deps.server!),
        }
      : {}),
  })
  // The stand-by answers 503 until the app is ready, then the app serves its socket.
  if (deps.server)
    app.addHook('onReady', async () => {
      deps.server!.removeAllListeners('request').on('request', serve!)
    })
  app.decorate('db', deps.db)
  app.decorate('env', deps.env)
  app.decorate('ssm', deps.ssm)
  const files = deps.files ?? fileStorageFor(deps.env)
  app.decorate('files', files)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  registerSecurityHeaders(app)
  // Before the OpenAPI routes, so the document (≈500 KB) is compressed like every other answer.
  await registerCompression(app)
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'StorageOps API',
        version: '1.0.0',
        description: 'Field tool and admin console API. Bearer tokens from POST /api/ssm or POST /api/auth.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  registerErrorHandling(app)
  registerHealth(app)
  registerAuth(app)
  registerMetrics(app)
  registerReadVersions(app)
  await registerMultipart(app, { uploadsPerUser: deps.env.UPLOADS_PER_USER })
  registerActionTime(app)
  registerIdempotency(app)

  registerJobQueue(app)
  registerLiveChannel(app)
  registerGateCodeRotationJob(app)
  registerOutboxJob(app, () => outboxDepsOf(app))
  registerLeaseTerminationJob(app)
  registerRateUploadJob(app)
  registerEcriRunJob(app)
  registerPushJob(app)
  registerIdentityRoutes(app)
  registerOffice365Routes(app)
  registerUserRoutes(app)
  registerRoleRoutes(app)
  registerResourceRoutes(app, settingStore)
  registerResourceRoutes(app, reviewStore)
  registerContentRoutes(app)
  registerPublishRoutes(app)
  registerAuditRoutes(app)
  registerFacilityRoutes(app)
  registerGateCodeRoutes(app)
  registerFacilitySnapshotRoutes(app)
  registerTaskRoutes(app)
  registerNotificationRoutes(app)
  registerBrandReportRoutes(app)
  registerDashboardRoutes(app)
  registerUnitMapRoutes(app)
  registerWalkthroughRoutes(app)
  registerLocationRoutes(app)
  registerLocationContentRoutes(app)
  registerUnitTypeRoutes(app)
  registerCommunicationRoutes(app)
  registerLeaseTerminationRoutes(app)
  registerFileRoutes(app)
  registerHomepageRoutes(app)
  registerAuctionRoutes(app)
  registerRateRoutes(app)
  registerEcriRoutes(app)
  registerSettlementRoutes(app)

  if (files.kind === 'local') {
    await app.register(fastifyStatic, {
      root: path.join(deps.env.dataDir, 'files'),
      prefix: '/img/',
      decorateReply: false,
    })
  } else {
    // Files in an object store are streamed through the server, so pages keep one origin and the bucket stays private.
    app.get('/img/:name', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const file = await files.get((request.params as { name: string }).name)
      if (!file) return reply.code(404).send({ error: 'not_found', message: 'No such file' })
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=86400')
        .send(file.data)
    })
  }
  const web = await registerWebApp(app, deps.webDist ?? defaultWebDist)
  // API answers carry codes, tokens and personal data: no browser or proxy may keep them unless a route says so.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!
    // A path that names a file (an extension, or under /assets/) that is not there is 404, not the app's page.
    const looksLikeFile =
      url.startsWith('/assets/') ||
      /\.(m?js|css|map|json|webmanifest|html?|txt|xml|csv|pdf|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf)$/i.test(
        url,
      )
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/img/') || looksLikeFile) {
      return reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${url}` })
    }
    if (!web || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: web ? 'Not found' : 'The web app is not built: run npm run build' })
    }
    // Every other path belongs to the single-page app, which picks field tool or admin console by host.
    return web.sendPage(request, reply)
  })
  return app
}
