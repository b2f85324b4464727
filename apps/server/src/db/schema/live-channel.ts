import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })

/** @socket.io/postgres-adapter's table for events over NOTIFY's 8,000 bytes (lib/live-channel.ts). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  created_at: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
})
