import type pg from 'pg'
import type { Db } from './client.ts'

interface PgliteClient {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>
}

const RECONNECT_MS = 1000

/**
 * LISTEN on `channel` with either driver. `onLost`: notifications may have been missed (it reconnects by itself);
 * `onListening`: LISTEN in place (again). Returns the function that stops listening.
 */
export async function listen(
  db: Db,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: () => void,
  onListening: () => void = () => {},
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: pg.Pool | PgliteClient }).$client
  if ('listen' in client) {
    const stop = await client.listen(channel, onNotify)
    onListening()
    return stop
  }

  const pool = client
  let stopped = false
  let connection: pg.PoolClient | null = null
  let retry: NodeJS.Timeout | undefined
  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) onNotify(message.payload ?? '')
  }
  const connect = async () => {
    let next: pg.PoolClient | null = null
    try {
      next = await pool.connect()
      next.on('notification', onNotification)
      next.on('error', () => lost(next!))
      next.on('end', () => lost(next!))
      await next.query(`LISTEN ${channel}`)
      if (stopped) return next.release()
      connection = next
      onListening()
    } catch {
      next?.release(true)
      onLost()
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS)
    }
  }
  const lost = (broken: pg.PoolClient) => {
    if (connection !== broken) return
    connection = null
    broken.release(true)
    onLost()
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS)
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const last = connection
    connection = null
    if (!last) return
    await last.query(`UNLISTEN ${channel}`).catch(() => undefined)
    last.release()
  }
}
