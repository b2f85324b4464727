import type { FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import { createAdapter } from '@socket.io/postgres-adapter'
import pg from 'pg'
import { ADMIN_PAGES, SUPERADMIN_PAGES, type AdminPagePath } from '@storageops/contracts/admin-pages'
import { decideAccess } from '../plugins/auth.ts'
import { resolveSession } from './session.ts'

/**
 * The live channel (DESIGN §11; decision 018), a shared piece: socket.io at /socket.io on the app's own origin,
 * polling transport only. A client connects with `io({ transports: ['polling'], auth: { token, page } })`:
 * `token` is the bearer token, `page` the admin page it watches (e.g. '/street-rate-upload'); the handshake
 * is refused ('Please sign in.' / "Permission required! …") unless the session may open that page, as the
 * page's API routes decide. The server publishes to everyone watching a page with `app.live.publish(page,
 * event, payload)`. Events are not kept here: an area stores what it publishes (a backlog a page reads over
 * HTTP when it opens, then follows live). With PostgreSQL, @socket.io/postgres-adapter carries every event
 * to every instance (LISTEN/NOTIFY; payloads over 8,000 bytes through the socket_io_attachments table).
 */
export interface LiveChannel {
  publish(page: AdminPagePath, event: string, payload: unknown): void
  /** Clients connected to this instance. */
  connections(): number
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveChannel
  }
}

const PAGES = new Set<string>([...ADMIN_PAGES, ...SUPERADMIN_PAGES].map((page) => page.path))

/** A pg Pool of the app's database (node-postgres), or null on PGlite (one instance, in-memory adapter). */
function poolOf(app: FastifyInstance): pg.Pool | null {
  const client = (app.db as unknown as { $client: unknown }).$client
  if (!(client instanceof pg.Pool)) return null
  return new pg.Pool({ ...client.options, max: 2 })
}

export function registerLiveChannel(app: FastifyInstance) {
  const io = new Server({ transports: ['polling'], serveClient: false, path: '/socket.io' })
  let pool: pg.Pool | null = null

  io.use((socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; page?: unknown }
    const page = typeof auth.page === 'string' && PAGES.has(auth.page) ? (auth.page as AdminPagePath) : null
    const refuse = (status: 401 | 403 | 400, message: string) =>
      next(Object.assign(new Error(message), { data: { status, message } }))
    if (!page) return refuse(400, 'Name the page to watch in auth.page.')
    if (typeof auth.token !== 'string' || auth.token.length > 200) return refuse(401, 'Please sign in.')
    resolveSession(app.db, auth.token, app.env).then(
      ({ session }) => {
        const decision = decideAccess({ pages: [page], fieldTool: false }, session)
        if (decision === 401) return refuse(401, 'Please sign in.')
        if (decision === 403) return refuse(403, "Permission required! You're not authorized for this page.")
        void socket.join(page)
        next()
      },
      () => refuse(401, 'Please sign in.'),
    )
  })

  app.decorate('live', {
    publish: (page, event, payload) => void io.to(page).emit(event, payload),
    connections: () => io.engine?.clientsCount ?? 0,
  } satisfies LiveChannel)

  // After server.ts's stand-by hands its socket over (an earlier onReady hook), so its request listener stays wrapped.
  app.addHook('onReady', async () => {
    pool = poolOf(app)
    if (pool) {
      const warn = (error: Error) => app.log.warn({ err: error.message }, 'live channel: PostgreSQL connection error')
      pool.on('error', warn)
      // The adapter keeps one client checked out for LISTEN; pg leaves a checked-out client's 'error' unhandled, which
      // would end the process when PostgreSQL stops. The adapter reconnects on the client's 'end'.
      pool.on('connect', (client) => client.on('error', warn))
      io.adapter(createAdapter(pool, { channelPrefix: 'storageops_live' }))
    }
    io.attach(app.server)
  })
  // Before the HTTP server closes: a held long-poll would keep it open for the ping interval.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true)
    io.engine?.close()
    await Promise.resolve(io.of('/').adapter.close()).catch(() => {})
    await pool?.end().catch(() => {})
  })
}
