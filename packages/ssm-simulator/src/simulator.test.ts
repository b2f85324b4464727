import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSsmSimulator, type SsmSimulator } from './simulator.ts'

const credentials = { corpCode: 'C1', user: 'u', password: 'p' }
let simulator: SsmSimulator

beforeAll(async () => {
  simulator = await startSsmSimulator({
    credentials,
    data: {
      employees: [
        { username: 'jo', password: 'pw', full_name: 'Jo Doe', email: 'jo@example.com', role: 'customer_service' },
      ],
      unitsFor: (code) =>
        code === 'TX1'
          ? [
              {
                unit_id: '1',
                unit_no: 'A101',
                unit_type_id: 2,
                category_name: 'Drive Up',
                description: '10x20 Drive Up',
                width: 10,
                length: 20,
                status: 'Rented',
                system: false,
              },
            ]
          : undefined,
    },
  })
})
afterAll(() => simulator.close())

const soap = (method: string, body: string, action = `"urn:ssm/${method}"`) =>
  fetch(simulator.url, {
    method: 'POST',
    headers: { 'content-type': 'text/xml', soapaction: action },
    body: `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${method} xmlns="urn:ssm">${body}</${method}></soap:Body></soap:Envelope>`,
  })

const creds = '<sCorpCode>C1</sCorpCode><sCorpUserName>u</sCorpUserName><sCorpPassword>p</sCorpPassword>'

test('a valid login answers a DataSet with RT Ret_Code 1 and UserDetails', async () => {
  const response = await soap(
    'ValidateSSMLogin',
    `${creds}<LoginKeyed>jo</LoginKeyed><passwordKeyed>pw</passwordKeyed>`,
  )
  const xml = await response.text()
  expect(response.status).toBe(200)
  expect(xml).toContain('<ValidateSSMLoginResult><NewDataSet><RT><Ret_Code>1</Ret_Code>')
  expect(xml).toContain('<UserDetails><Login>jo</Login><FullName>Jo Doe</FullName>')
})

test('requests without the integration credentials get a SOAP fault', async () => {
  const response = await soap('ValidateSSMLogin', '<LoginKeyed>jo</LoginKeyed><passwordKeyed>pw</passwordKeyed>')
  expect(response.status).toBe(500)
  expect(await response.text()).toContain('<faultstring>Invalid integration credentials</faultstring>')
})

test('a SOAPAction that does not name the method is refused', async () => {
  const response = await soap('GetAllUnits', `${creds}<strLocationCode>TX1</strLocationCode>`, '"urn:ssm/Other"')
  expect(response.status).toBe(400)
})

test('unit types are grouped from the units of a facility', async () => {
  const xml = await (await soap('GetLocationUnitTypes', `${creds}<strLocationCode>TX1</strLocationCode>`)).text()
  expect(xml).toContain(
    '<LocationUnitTypes><UnitTypeId>2</UnitTypeId><UnitTypeCode>10X20</UnitTypeCode><CategoryName>Drive Up</CategoryName><StandardRate>100.00</StandardRate><UnitCount>1</UnitCount></LocationUnitTypes>',
  )
})

test('a street rate changes with UnitStandardRateUpdate; an unknown unit type or a rate of zero is refused', async () => {
  const update = async (type: string, rate: string) =>
    (
      await soap(
        'UnitStandardRateUpdate',
        `${creds}<strLocationCode>TX1</strLocationCode><iUnitTypeID>${type}</iUnitTypeID><dcStdRate>${rate}</dcStdRate>`,
      )
    ).text()
  expect(await update('2', '112.50')).toContain(
    '<UnitType><UnitTypeId>2</UnitTypeId><OldStandardRate>100.00</OldStandardRate><StandardRate>112.50</StandardRate></UnitType>',
  )
  const types = await (await soap('GetLocationUnitTypes', `${creds}<strLocationCode>TX1</strLocationCode>`)).text()
  expect(types).toContain('<StandardRate>112.50</StandardRate>')
  expect(await update('9', '112.50')).toContain(
    '<Ret_Code>-3</Ret_Code><Ret_Msg>Unit type 9 is not used at TX1</Ret_Msg>',
  )
  expect(await update('2', '0')).toContain('<Ret_Code>-4</Ret_Code>')
})
