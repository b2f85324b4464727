import { expect, test } from 'vitest'
import { locations } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { SsmError } from './client.ts'

/** The SSM stand-in started from the database (DESIGN §6): it knows facilities added after it started. */
const ctx = useTestContext()

test('a facility added after start-up has units and takes gate codes; a forgotten one is refused with the system message', async () => {
  const [template] = await ctx.db.select().from(locations).limit(1)
  const { id: _id, ...location } = template!
  await expect(ctx.app.ssm.getAllUnits('ZZ901')).rejects.toThrow(/Unknown location code ZZ901/)
  await ctx.db
    .insert(locations)
    .values({ ...location, location_code: 'ZZ901', slug: 'new-site-zz-901', name: 'New Site #901' })

  const units = await ctx.app.ssm.getAllUnits('ZZ901')
  expect(units.length).toBeGreaterThan(0)
  const programmed = { SiteCode: 'ZZ901', AuctionWinner: '', EmergencyCode: '', TempCode: '246810' }
  expect(await ctx.app.ssm.updateGateCodes('ZZ901', { tempCode: '246810' })).toEqual(programmed)
  // Read back from the system's gate controller over SOAP: the code is stored there, not only echoed.
  const stored = await ctx.app.ssm.call('GetGateCodes', { strLocationCode: 'ZZ901' })
  expect(stored.tables.GateCodes).toEqual([programmed])
  expect(await ctx.app.ssm.updateGateCodes('ZZ901', { emergencyCode: '135792' })).toEqual({
    ...programmed,
    EmergencyCode: '135792',
  })

  ctx.ssm.forgetLocation('ZZ901')
  const refused = await ctx.app.ssm.getAllUnits('ZZ901').catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(SsmError)
  expect((refused as SsmError).message).toBe('Unknown location code ZZ901')
})

test("the rent roll and a tenant's own answers agree on a lease's move-in, last rent change, paid-through date and flags (issue 32)", async () => {
  const [facility] = await ctx.db.select().from(locations).limit(1)
  const code = facility!.location_code
  const roll = await ctx.app.ssm.call('GetRentRoll', { strLocationCodes: code })
  const leases = roll.tables.Lease!
  expect(leases.length).toBeGreaterThan(0)
  expect(leases.every((entry) => entry.SiteCode === code)).toBe(true)
  const lease = leases.find((entry) => entry.RentLastChanged !== undefined)!
  expect(lease).toMatchObject({
    MovedIn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    PaidThru: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    Military: expect.stringMatching(/^(true|false)$/),
    ExcludeFromRateIncrease: expect.stringMatching(/^(true|false)$/),
  })
  const info = await ctx.app.ssm.call('GetTenantInfoByTenantID', {
    strLocationCode: code,
    iTenantID: lease.TenantID!,
  })
  expect(info.tables.Tenant![0]).toMatchObject({
    Military: lease.Military,
    ExcludeFromRateIncrease: lease.ExcludeFromRateIncrease,
  })
  expect(info.tables.Units!.find((unit) => unit.LeaseNumber === lease.LeaseNumber)).toMatchObject({
    Rent: lease.Rent,
    MovedIn: lease.MovedIn,
    RentLastChanged: lease.RentLastChanged,
    PaidThru: lease.PaidThru,
  })
  ctx.ssm.setPaidThru(lease.LeaseNumber!, '2026-01-31')
  const ledgers = await ctx.app.ssm.call('GetTenantLedgers', {
    strLocationCode: code,
    iTenantID: lease.TenantID!,
  })
  expect(ledgers.tables.Ledger!.find((entry) => entry.LeaseNumber === lease.LeaseNumber)?.PaidThru).toBe('2026-01-31')
  const types = roll.tables.UnitTypes!.map((entry) => Number(entry.UnitTypeID))
  expect(leases.every((entry) => types.includes(Number(entry.UnitTypeID)))).toBe(true)
})
