import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Access } from '../plugins/auth.ts'

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  S,
  ZodTypeProvider
>

type Route = <S extends FastifySchema>(
  url: string,
  options: S & { config?: FastifyContextConfig },
  handler: Handler<S>,
) => void

/** An area's routes sharing its access rule and OpenAPI tag; a route's `config` adds to or overrides the area's. */
export function areaRoutes(app: FastifyInstance, area: { access: Access; tag: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const route =
    (method: HTTPMethods): Route =>
    (url, { config, ...schema }, handler) => {
      api.route({
        method,
        url,
        config: { access: area.access, ...config },
        schema: { tags: [area.tag], ...schema },
        handler: handler as RouteHandlerMethod,
      })
    }
  return { get: route('GET'), post: route('POST'), put: route('PUT'), patch: route('PATCH'), delete: route('DELETE') }
}
