import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/context.ts'
import { recordAudit } from '../../lib/audit.ts'

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
})
