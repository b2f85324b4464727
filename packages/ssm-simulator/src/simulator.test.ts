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
    '<LocationUnitTypes><UnitTypeId>2</UnitTypeId><UnitTypeCode>10X20</UnitTypeCode><CategoryName>Drive Up</CategoryName></LocationUnitTypes>',
  )
})
