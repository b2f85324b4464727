import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startSsmSimulator, type SsmSimulator } from '@storageops/ssm-simulator/simulator'
import { generateEmployees, generateUnits } from '../../seed/generate.ts'
import { SsmError, createSsmClient } from './client.ts'

const credentials = { corpCode: 'DEMO', user: 'storageops', password: 'ssm-demo' }
let simulator: SsmSimulator
const clientFor = (overrides: Partial<{ password: string; url: string; timeoutMs: number }> = {}) =>
  createSsmClient({
    url: simulator.url,
    corpCode: credentials.corpCode,
    user: credentials.user,
    password: credentials.password,
    timeoutMs: 2000,
    ...overrides,
  })

beforeAll(async () => {
  simulator = await startSsmSimulator({
    credentials,
    data: {
      employees: generateEmployees(),
      unitsFor: (code) => (code === 'TX100' ? generateUnits({ location_code: code, floor_count: 2 }) : undefined),
    },
  })
})
afterAll(() => simulator.close())

describe('storage-management-system client over SOAP', () => {
  test('validates a demo login and maps UserDetails', async () => {
    expect(await clientFor().validateLogin('pmanager', 'snapshot-demo')).toMatchObject({
      Login: 'pmanager',
      Role: 'property_manager',
      FullName: 'Parker Dawson',
    })
  })

  test('a bad password is an SsmError with the Error table of the system', async () => {
    const error = await clientFor()
      .validateLogin('pmanager', 'bad')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SsmError)
    expect(error).toMatchObject({
      retCode: -1,
      tables: { Error: [{ ErrorCode: '-1', ErrorMessage: 'Invalid username or password.' }] },
    })
  })

  test('wrong integration credentials surface the SOAP fault text', async () => {
    await expect(clientFor({ password: 'nope' }).getAllUnits('TX100')).rejects.toThrow(
      'Invalid integration credentials',
    )
  })

  test('GetAllUnits lists records whose first item is UNITEXTERNALID, without the system units', async () => {
    const records = await clientFor().getAllUnits('TX100')
    expect(records.length).toBeGreaterThan(200)
    expect(Object.keys(records[0]!)[0]).toBe('UNITEXTERNALID')
    expect(records.map((record) => record.UNITEXTERNALID)).not.toContain('GATE')
  })

  test('an unknown location is a negative Ret_Code with the system message', async () => {
    await expect(clientFor().getAllUnits('ZZ1')).rejects.toMatchObject({
      retCode: -2,
      message: 'Unknown location code ZZ1',
    })
  })

  test('Ret_Code 0 (no data) is not an error', async () => {
    const result = await clientFor().call('GetUnitsList', {
      strLocationCode: 'TX100',
      strSearchType: '4',
      strSearchString: 'NOPE',
      strSortType: '0',
    })
    expect(result.retCode).toBe(0)
    expect(result.tables.Unit).toBeUndefined()
  })

  test('GetUnitsList by unit number gives UnitStatus and TenantId', async () => {
    const result = await clientFor().call('GetUnitsList', {
      strLocationCode: 'TX100',
      strSearchType: '4',
      strSearchString: 'A101',
      strSortType: '0',
    })
    expect(result.tables.Unit?.[0]).toMatchObject({
      UnitNumber: 'A101',
      UnitStatus: expect.stringMatching(/Rented|Vacant|Reserved/),
    })
  })

  test('GetRentRoll answers DataSet rows, unknown facilities in Missing, at most 200 codes', async () => {
    const result = await clientFor().call('GetRentRoll', { strLocationCodes: 'TX100, zz1' })
    expect(result.tables.UnitTypes?.[0]).toEqual({ SiteCode: 'TX100', UnitTypeID: '1', StandardRate: '100.00' })
    expect(result.tables.Missing).toEqual([{ SiteCode: 'ZZ1' }])
    const codes = Array.from({ length: 201 }, (_, index) => `TX${index}`).join(',')
    await expect(clientFor().call('GetRentRoll', { strLocationCodes: codes })).rejects.toMatchObject({
      retCode: -1,
      message: 'strLocationCodes must name 1 to 200 location codes',
    })
  })

  test('an unreachable system and a slow one are SsmErrors without a Ret_Code', async () => {
    await expect(clientFor({ url: 'http://127.0.0.1:9/ssm.asmx' }).getAllUnits('TX100')).rejects.toMatchObject({
      retCode: null,
    })
    simulator.setDelay(300)
    await expect(clientFor({ timeoutMs: 100 }).getAllUnits('TX100')).rejects.toThrow(/unreachable/)
    simulator.setDelay(0)
  })
})
