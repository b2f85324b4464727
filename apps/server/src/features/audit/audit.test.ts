import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/context.ts'
import { recordAudit } from '../../lib/audit.ts'
import type { AdminSession } from '../../lib/admin-session.ts'

const ctx = useTestContext()
beforeAll(async () => {
  for (let index = 0; index < 7; index++)
    await recordAudit(
      ctx.db,
      { kind: 'system', name: 'test' },
      'update',
      'thing',
      index,
      { n: index },
      { n: index + 1, password: 'secret', nested: { token_hash: 'x' } },
    )
}, 120_000)

describe('audit log API', () => {
  test('a superadmin reads it newest first, paged by limit and offset, with the total count', async () => {
    const token = await ctx.signInAdmin('admin@example.com')
    const first = await ctx.adminCall('GET', '/api/audit?entity=thing&limit=3', token)
    expect(first.statusCode).toBe(200)
    expect(first.json().count).toBe(7)
    expect(first.json().rows.map((row: { entity_id: string }) => row.entity_id)).toEqual(['6', '5', '4'])
    const last = await ctx.adminCall('GET', '/api/audit?entity=thing&limit=3&offset=6', token)
    expect(last.json().rows).toEqual([
      expect.objectContaining({
        entity_id: '0',
        actor_kind: 'system',
        actor_name: 'test',
        before: { n: 0 },
        after: { n: 1, nested: {} },
      }),
    ])
  })

  test('secret fields never reach the log', async () => {
    const token = await ctx.signInAdmin('admin@example.com')
    const response = await ctx.adminCall('GET', '/api/audit?entity=thing', token)
    expect(response.body).not.toMatch(/secret|token_hash/)
  })

  test('other roles get 403 and a limit over 200 is refused', async () => {
    const editor = await ctx.signInAdmin('editor@example.com')
    expect((await ctx.adminCall('GET', '/api/audit', editor)).statusCode).toBe(403)
    const token = await ctx.signInAdmin('admin@example.com')
    expect((await ctx.adminCall('GET', '/api/audit?limit=500', token)).statusCode).toBe(400)
  })

  test('entity_id narrows the log to one record and actor_user_id to one admin', async () => {
    const token = await ctx.signInAdmin('admin@example.com')
    const { user } = (await ctx.request({ method: 'GET', url: '/api/session', host: 'admin.localhost', token })).json()
    const admin = { id: 0, kind: 'admin', user, expiresAt: new Date() } as AdminSession
    await recordAudit(ctx.db, admin, 'update', 'thing', 3, { n: 4 }, { n: 5 })
    const record = (await ctx.adminCall('GET', '/api/audit?entity=thing&entity_id=3', token)).json()
    expect(record.count).toBe(2)
    expect(record.rows).toEqual([
      expect.objectContaining({ entity_id: '3', actor_kind: 'admin', actor_user_id: user.id, after: { n: 5 } }),
      expect.objectContaining({
        entity_id: '3',
        actor_kind: 'system',
        actor_user_id: null,
        after: { n: 4, nested: {} },
      }),
    ])
    const byAdmin = (await ctx.adminCall('GET', `/api/audit?actor_user_id=${user.id}`, token)).json()
    expect(byAdmin.count).toBe(byAdmin.rows.length)
    expect(byAdmin.rows[0]).toMatchObject({ entity: 'thing', entity_id: '3', actor_name: 'admin@example.com' })
    expect(byAdmin.rows.every((row: { actor_user_id: number }) => row.actor_user_id === user.id)).toBe(true)
  })
})
