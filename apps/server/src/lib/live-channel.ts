import type { FastifyInstance } from 'fastify'
import { Server, type Socket } from 'socket.io'
import { createAdapter } from '@socket.io/postgres-adapter'
import pg from 'pg'
import { ADMIN_PAGES, SUPERADMIN_PAGES, type AdminPagePath } from '@storageops/contracts/admin-pages'
import { decideAccess } from '../plugins/auth.ts'
import { scrapedGauge } from '../plugins/metrics.ts'
import { listen } from '../db/notifications.ts'
import { resolveSession, type Session } from './session.ts'
import { SESSION_CHANGES_CHANNEL } from './session-cache.ts'

/**
 * The live channel (DESIGN §11, decision 018): socket.io polling; a client's `auth: { token, page }` must open that
 * admin page as its API routes decide. Events are not kept here; @socket.io/postgres-adapter spans instances.
 */
export interface LiveChannel {
  publish(page: AdminPagePath, event: string, payload: unknown): void
  /** To one field-tool user's sockets on this instance (each instance follows the notifications' NOTIFY). */
  publishToFieldUser(username: string, event: string, payload: unknown): void
  connections(): number
  /** This instance's watchers per page ('/snapshot': field-tool users). */
  watchers(): Map<AdminPagePath, number>
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveChannel
  }
}

/** How often every watcher's session is checked again (idle expiry; a change missed while the database was away). */
const WATCHER_CHECK_MS = 30_000
const MAX_TIMER_MS = 2 ** 31 - 1

interface Watcher {
  token: string
  page: AdminPagePath
  fieldUser?: string
}

const fieldRoom = (username: string) => `field-user:${username}`

/** A field session may watch its own notifications at '/snapshot'; an admin session the pages its role allows. */
function mayWatch(watcher: Omit<Watcher, 'token'>, session: Session | null): boolean {
  if (watcher.fieldUser !== undefined || session?.kind === 'field')
    return (
      session?.kind === 'field' &&
      watcher.page === '/snapshot' &&
      (watcher.fieldUser === undefined || watcher.fieldUser === session.user.username)
    )
  return decideAccess({ pages: [watcher.page], fieldTool: false }, session) === 'ok'
}

const PAGES = new Set<string>([...ADMIN_PAGES, ...SUPERADMIN_PAGES].map((page) => page.path))

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
    const token = auth.token
    resolveSession(app.db, token, app.env).then(
      ({ session }) => {
        if (!session) return refuse(401, 'Please sign in.')
        if (!mayWatch({ page }, session))
          return refuse(403, "Permission required! You're not authorized for this page.")
        const fieldUser = session.kind === 'field' ? session.user.username : undefined
        socket.data = { token, page, fieldUser } satisfies Watcher
        // A check just after the absolute expiry ends the watch on time; idle expiry is found by the periodic check.
        const expiry = setTimeout(
          () => void checkWatchers(),
          Math.min(session.expiresAt.getTime() - Date.now() + 100, MAX_TIMER_MS),
        )
        expiry.unref()
        socket.once('disconnect', () => clearTimeout(expiry))
        void socket.join(fieldUser === undefined ? page : fieldRoom(fieldUser))
        next()
      },
      () => refuse(401, 'Please sign in.'),
    )
  })

  /** Disconnects watchers whose session ended or who lost their page; a failed lookup waits for the next check. */
  let checking: Promise<void> | null = null
  let again = false
  const checkWatchers = (): Promise<void> => {
    if (checking) {
      again = true
      return checking
    }
    checking = (async () => {
      do {
        again = false
        const byToken = new Map<string, Socket[]>()
        for (const socket of io.of('/').sockets.values()) {
          const { token } = socket.data as Partial<Watcher>
          if (token) byToken.set(token, [...(byToken.get(token) ?? []), socket])
        }
        for (const [token, sockets] of byToken) {
          const lookup = await resolveSession(app.db, token, app.env, { touch: false }).catch(() => null)
          if (!lookup) continue
          for (const socket of sockets) if (!mayWatch(socket.data as Watcher, lookup.session)) socket.disconnect(true)
        }
      } while (again)
    })().finally(() => (checking = null))
    return checking
  }
  let stopListening: (() => Promise<void>) | null = null
  const sweep = setInterval(() => void checkWatchers(), WATCHER_CHECK_MS)
  sweep.unref()

  app.decorate('live', {
    publish: (page, event, payload) => void io.to(page).emit(event, payload),
    publishToFieldUser: (username, event, payload) => void io.local.to(fieldRoom(username)).emit(event, payload),
    connections: () => io.engine?.clientsCount ?? 0,
    watchers: () => {
      const byPage = new Map<AdminPagePath, number>()
      for (const socket of io.of('/').sockets.values()) {
        const { page } = socket.data as Partial<Watcher>
        if (page) byPage.set(page, (byPage.get(page) ?? 0) + 1)
      }
      return byPage
    },
  } satisfies LiveChannel)
  scrapedGauge(
    app,
    {
      name: 'storageops_live_watchers',
      help: 'Live-channel (socket.io) watchers connected to this instance, per page watched.',
      labelNames: ['page'],
    },
    (gauge) => {
      for (const [page, count] of app.live.watchers()) gauge.set({ page }, count)
    },
  )

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
    // Sessions, users and roles notify on change (decision 010): a logout or a disabled user ends the watch at once.
    stopListening = await listen(
      app.db,
      SESSION_CHANGES_CHANNEL,
      () => void checkWatchers(),
      () => {},
    )
  })
  // Before the HTTP server closes: a held long-poll would keep it open for the ping interval.
  app.addHook('preClose', async () => {
    clearInterval(sweep)
    await stopListening?.().catch(() => {})
    io.local.disconnectSockets(true)
    io.engine?.close()
    await Promise.resolve(io.of('/').adapter.close()).catch(() => {})
    await pool?.end().catch(() => {})
  })
}
