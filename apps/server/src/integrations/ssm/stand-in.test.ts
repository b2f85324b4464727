import { afterAll, beforeAll, expect, test } from 'vitest'
import { locations } from '../../db/schema.ts'
import { createTestContext, type TestContext } from '../../test/context.ts'
import { SsmError } from './client.ts'

/** The SSM stand-in started from the database (DESIGN §6): it knows facilities added after it started. */
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => ctx?.close())

test('a facility added after start-up has units and takes gate codes; a forgotten one is refused with the system message', async () => {
  const [template] = await ctx.db.select().from(locations).limit(1)
  const { id: _id, ...location } = template!
  await expect(ctx.app.ssm.getAllUnits('ZZ901')).rejects.toThrow(/Unknown location code ZZ901/)
  await ctx.db
    .insert(locations)
    .values({ ...location, location_code: 'ZZ901', slug: 'new-site-zz-901', name: 'New Site #901' })

  const units = await ctx.app.ssm.getAllUnits('ZZ901')
  expect(units.length).toBeGreaterThan(0)
  await expect(ctx.app.ssm.updateGateCodes('ZZ901', { tempCode: '246810' })).resolves.toBeTruthy()

  ctx.ssm.forgetLocation('ZZ901')
  const refused = await ctx.app.ssm.getAllUnits('ZZ901').catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(SsmError)
  expect((refused as SsmError).message).toBe('Unknown location code ZZ901')
})
