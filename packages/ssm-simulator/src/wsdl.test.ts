import { createClientAsync, type Client } from 'soap'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSsmSimulator, type SsmSimulator } from './simulator.ts'
import { SSM_OPERATIONS } from './wsdl.ts'

/** The stand-in as any SOAP tool sees it: a generic client (the `soap` package) built from its WSDL, over HTTP. */

const credentials = { sCorpCode: 'C1', sCorpUserName: 'u', sCorpPassword: 'p' }
let simulator: SsmSimulator
let client: Client

const unit = (unit_no: string, unit_type_id: number) => ({
  unit_id: unit_no,
  unit_no,
  unit_type_id,
  category_name: 'Climate Controlled',
  description: '10x10 Climate Controlled',
  width: 10,
  length: 10,
  status: 'Rented',
  system: false,
})

beforeAll(async () => {
  simulator = await startSsmSimulator({
    credentials: { corpCode: 'C1', user: 'u', password: 'p' },
    data: {
      employees: [],
      unitsFor: (code) => (code === 'AZ7' ? [unit('101', 3), unit('102', 3), unit('201', 4)] : undefined),
      tenantsFor: () => [
        {
          tenant_id: 9001,
          first_name: 'Ana',
          last_name: 'Ruiz',
          email: 'ana@example.com',
          cell_phone: '602-555-0101',
          address: '1 Main St',
          city: 'Phoenix',
          state: 'AZ',
          zip: '85001',
          units: [{ lease_number: 'L-9001', unit_no: '101' }],
        },
      ],
      streetRateFor: (_code, unitTypeId) => (unitTypeId === 3 ? 120 : 150),
    },
  })
  client = await createClientAsync(`${simulator.url}?wsdl`)
})
afterAll(() => simulator.close())

type Call = (args: Record<string, unknown>) => Promise<[Record<string, { NewDataSet: DataSet }>]>
type DataSet = { RT: { Ret_Code: number; Ret_Msg?: string } } & Record<string, unknown>

/** Calls `method` through the generated client; answers its result's DataSet. */
async function call(method: string, args: Record<string, unknown>): Promise<DataSet> {
  const [result] = await (client[`${method}Async`] as Call)({ ...credentials, ...args })
  return result[`${method}Result`]!.NewDataSet
}

test('the WSDL at ?wsdl describes every method the stand-in speaks, with its parameters and SOAP action', async () => {
  const described = client.describe() as {
    Ssm: { SsmSoap: Record<string, { input: Record<string, string> }> }
  }
  const operations = described.Ssm.SsmSoap
  expect(Object.keys(operations).sort()).toEqual(Object.keys(SSM_OPERATIONS).sort())
  expect(Object.keys(operations).length).toBe(14)
  for (const name of ['GetUnitsList', 'TenantSearch', 'GetTenantLedgers', 'CancelTenantRateChange', 'GetRentRoll']) {
    expect(operations).toHaveProperty(name)
  }
  expect(Object.keys(operations.ScheduleTenantRateChange!.input)).toEqual([
    'sCorpCode',
    'sCorpUserName',
    'sCorpPassword',
    'strLocationCode',
    'iTenantID',
    'sLeaseNumber',
    'dcNewRent',
    'dScheduledDate',
  ])
  const wsdl = await (await fetch(`${simulator.url}?WSDL`)).text()
  expect(wsdl).toContain('<soap:operation soapAction="urn:ssm/UnitStandardRateUpdate" style="document"')
  expect(wsdl).toContain(`<soap:address location="${simulator.url}"`)
})

test('a read: GetLocationUnitTypes through the generated client answers the facility unit types and street rates', async () => {
  const dataSet = await call('GetLocationUnitTypes', { strLocationCode: 'AZ7' })
  expect(dataSet.RT.Ret_Code).toBe(1)
  expect(dataSet.LocationUnitTypes).toEqual([
    {
      UnitTypeId: '3',
      UnitTypeCode: '10X10',
      CategoryName: 'Climate Controlled',
      StandardRate: '120.00',
      UnitCount: '2',
    },
    {
      UnitTypeId: '4',
      UnitTypeCode: '10X10',
      CategoryName: 'Climate Controlled',
      StandardRate: '150.00',
      UnitCount: '1',
    },
  ])
  const unknown = await call('GetAllUnits', { strLocationCode: 'ZZ1' })
  expect(unknown.RT).toEqual({ Ret_Code: -2, Ret_Msg: 'Unknown location code ZZ1' })
})

test('writes: a street rate and a scheduled tenant rent set through the generated client are read back; a refusal carries its Ret_Code', async () => {
  const updated = await call('UnitStandardRateUpdate', { strLocationCode: 'AZ7', iUnitTypeID: 3, dcStdRate: 131.25 })
  expect(updated.UnitType).toEqual([{ UnitTypeId: '3', OldStandardRate: '120.00', StandardRate: '131.25' }])
  const types = await call('GetLocationUnitTypes', { strLocationCode: 'AZ7' })
  expect((types.LocationUnitTypes as Array<{ StandardRate: string }>)[0]!.StandardRate).toBe('131.25')

  const scheduled = await call('ScheduleTenantRateChange', {
    strLocationCode: 'AZ7',
    iTenantID: 9001,
    sLeaseNumber: 'L-9001',
    dcNewRent: 140,
    dScheduledDate: '2027-02-01',
  })
  expect(scheduled.RT.Ret_Code).toBe(1)
  const tenant = await call('GetTenantInfoByTenantID', { strLocationCode: 'AZ7', iTenantID: 9001 })
  expect(tenant.Units).toMatchObject([{ LeaseNumber: 'L-9001', ScheduledRent: '140.00', ScheduledDate: '2027-02-01' }])

  const refused = await call('UnitStandardRateUpdate', { strLocationCode: 'AZ7', iUnitTypeID: 8, dcStdRate: 99 })
  expect(refused.RT).toEqual({ Ret_Code: -3, Ret_Msg: 'Unit type 8 is not used at AZ7' })
  await expect(
    (client.GetGateCodesAsync as Call)({ ...credentials, sCorpPassword: 'wrong', strLocationCode: 'AZ7' }),
  ).rejects.toThrow(/Invalid integration credentials/)
})
