import { XMLBuilder } from 'fast-xml-parser'

type XsdType = 'string' | 'int' | 'decimal' | 'date'

/** One SOAP operation: its parameters after the three credentials (`?` marks an optional one) and its result tables. */
interface SsmOperation {
  summary: string
  params: Record<string, XsdType | `${XsdType}?`>
  tables: readonly string[]
}

/**
 * Every method the stand-in speaks (SiteLink-style: document/literal SOAP 1.1, SOAPAction `urn:ssm/{method}`, a
 * DataSet result whose `RT` row holds Ret_Code — negative is a refusal — and Ret_Msg). The simulator implements
 * exactly these, and its WSDL is generated from them.
 */
export const SSM_OPERATIONS = {
  ValidateSSMLogin: {
    summary: 'Checks a staff login: UserDetails, or Ret_Code -1 with an Error row.',
    params: { LoginKeyed: 'string', passwordKeyed: 'string' },
    tables: ['UserDetails', 'Error'],
  },
  GetAllUnits: {
    summary: "A facility's unit records (UNITEXTERNALID is the unit number). Ret_Code -2: unknown facility.",
    params: { strLocationCode: 'string' },
    tables: ['Record'],
  },
  GetUnitsList: {
    summary:
      "A facility's units with their tenants; strSearchType 4 matches the unit number, strSortType 1 sorts descending.",
    params: { strLocationCode: 'string', strSearchType: 'string', strSearchString: 'string', strSortType: 'string' },
    tables: ['Unit'],
  },
  GetTenantInfoByTenantID: {
    summary:
      "A tenant's contact details and leases with rent, scheduled rent and its date (SiteLink's TenantInfoByTenantID).",
    params: { strLocationCode: 'string', iTenantID: 'int' },
    tables: ['Tenant', 'Units'],
  },
  GetRentRoll: {
    summary:
      "Every lease of up to 200 facilities (comma-separated codes) with rent, scheduled change, move-in, last rent change, paid-through date and the tenant's military and do-not-increase flags: one Lease row per lease (with its SiteCode); each unit type's street rate in UnitTypes; unknown codes in Missing.",
    params: { strLocationCodes: 'string' },
    tables: ['UnitTypes', 'Lease', 'Missing'],
  },
  TenantSearch: {
    summary: 'Corporate-wide tenant search; strSearchType email or sms (cell phone, digits compared).',
    params: { strSearchType: 'string', strSearchString: 'string' },
    tables: ['Tenant', 'Units'],
  },
  GetTenantLedgers: {
    summary: "The balance a tenant owes per lease in dollars (SiteLink's LedgersByTenantID).",
    params: { strLocationCode: 'string', iTenantID: 'int' },
    tables: ['Ledger'],
  },
  CancelAppointment: {
    summary: 'Cancels a scheduled appointment. Ret_Code -2: not found, -3: already cancelled.',
    params: { iAppointmentID: 'int' },
    tables: ['Appointment'],
  },
  UpdateGateCodes: {
    summary: "Programs a facility's gate codes; only the codes sent change.",
    params: {
      strLocationCode: 'string',
      strAuctionWinnerCode: 'string?',
      strEmergencyCode: 'string?',
      strTempCode: 'string?',
    },
    tables: ['GateCodes'],
  },
  GetGateCodes: {
    summary: "The gate codes programmed at a facility's gate controller.",
    params: { strLocationCode: 'string' },
    tables: ['GateCodes'],
  },
  GetLocationUnitTypes: {
    summary: "A facility's unit types with their street rate (StandardRate, dollars) and unit count.",
    params: { strLocationCode: 'string' },
    tables: ['LocationUnitTypes'],
  },
  UnitStandardRateUpdate: {
    summary:
      "Sets a unit type's street rate (dcStdRate, dollars, above zero). Ret_Code -3: type not used there, -4: bad rate.",
    params: { strLocationCode: 'string', iUnitTypeID: 'int', dcStdRate: 'decimal' },
    tables: ['UnitType'],
  },
  ScheduleTenantRateChange: {
    summary:
      "Schedules a lease's new rent from dScheduledDate (one scheduled change per lease). Ret_Code -3: no such lease, -4: bad rent or date.",
    params: {
      strLocationCode: 'string',
      iTenantID: 'int',
      sLeaseNumber: 'string',
      dcNewRent: 'decimal',
      dScheduledDate: 'date',
    },
    tables: ['RateChange'],
  },
  CancelTenantRateChange: {
    summary: "Cancels a lease's scheduled rent change not yet in effect. Ret_Code -5: none scheduled.",
    params: { strLocationCode: 'string', iTenantID: 'int', sLeaseNumber: 'string' },
    tables: ['RateChange'],
  },
} as const satisfies Record<string, SsmOperation>

export type SsmMethodName = keyof typeof SSM_OPERATIONS

const NAMESPACE = 'urn:ssm'
const CREDENTIALS = { sCorpCode: 'string', sCorpUserName: 'string', sCorpPassword: 'string' } as const

const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true })

const element = (name: string, type: string, minOccurs = 1, maxOccurs: number | 'unbounded' = 1) => ({
  '@_name': name,
  '@_type': type,
  '@_minOccurs': minOccurs,
  '@_maxOccurs': maxOccurs,
})

/** The WSDL 1.1 of the stand-in, with its endpoint at `location`. */
export function ssmWsdl(location: string): string {
  const operations = Object.entries(SSM_OPERATIONS) as Array<[string, SsmOperation]>
  const requestElement = (name: string, operation: SsmOperation) => ({
    '@_name': name,
    's:complexType': {
      's:sequence': {
        's:element': Object.entries({ ...CREDENTIALS, ...operation.params }).map(([param, type]) =>
          element(param, `s:${type.replace('?', '')}`, type.endsWith('?') ? 0 : 1),
        ),
      },
    },
  })
  const responseElement = (name: string, operation: SsmOperation) => ({
    '@_name': `${name}Response`,
    's:complexType': {
      's:sequence': {
        's:element': {
          '@_name': `${name}Result`,
          '@_minOccurs': 0,
          's:complexType': {
            's:sequence': {
              's:element': {
                '@_name': 'NewDataSet',
                's:complexType': {
                  's:sequence': {
                    's:element': [
                      element('RT', 'tns:RT'),
                      ...operation.tables.map((table) => element(table, 'tns:DataRow', 0, 'unbounded')),
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
  })
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({
    'wsdl:definitions': {
      '@_xmlns:wsdl': 'http://schemas.xmlsoap.org/wsdl/',
      '@_xmlns:soap': 'http://schemas.xmlsoap.org/wsdl/soap/',
      '@_xmlns:s': 'http://www.w3.org/2001/XMLSchema',
      '@_xmlns:tns': NAMESPACE,
      '@_targetNamespace': NAMESPACE,
      '@_name': 'Ssm',
      'wsdl:types': {
        's:schema': {
          '@_elementFormDefault': 'qualified',
          '@_targetNamespace': NAMESPACE,
          's:complexType': [
            {
              '@_name': 'RT',
              's:sequence': { 's:element': [element('Ret_Code', 's:int'), element('Ret_Msg', 's:string', 0)] },
            },
            {
              '@_name': 'DataRow',
              's:sequence': {
                's:any': { '@_minOccurs': 0, '@_maxOccurs': 'unbounded', '@_processContents': 'lax' },
              },
            },
          ],
          's:element': operations.flatMap(([name, operation]) => [
            requestElement(name, operation),
            responseElement(name, operation),
          ]),
        },
      },
      'wsdl:message': operations.flatMap(([name]) => [
        { '@_name': `${name}SoapIn`, 'wsdl:part': { '@_name': 'parameters', '@_element': `tns:${name}` } },
        { '@_name': `${name}SoapOut`, 'wsdl:part': { '@_name': 'parameters', '@_element': `tns:${name}Response` } },
      ]),
      'wsdl:portType': {
        '@_name': 'SsmSoap',
        'wsdl:operation': operations.map(([name, operation]) => ({
          '@_name': name,
          'wsdl:documentation': operation.summary,
          'wsdl:input': { '@_message': `tns:${name}SoapIn` },
          'wsdl:output': { '@_message': `tns:${name}SoapOut` },
        })),
      },
      'wsdl:binding': {
        '@_name': 'SsmSoap',
        '@_type': 'tns:SsmSoap',
        'soap:binding': { '@_transport': 'http://schemas.xmlsoap.org/soap/http' },
        'wsdl:operation': operations.map(([name]) => ({
          '@_name': name,
          'soap:operation': { '@_soapAction': `${NAMESPACE}/${name}`, '@_style': 'document' },
          'wsdl:input': { 'soap:body': { '@_use': 'literal' } },
          'wsdl:output': { 'soap:body': { '@_use': 'literal' } },
        })),
      },
      'wsdl:service': {
        '@_name': 'Ssm',
        'wsdl:port': { '@_name': 'SsmSoap', '@_binding': 'tns:SsmSoap', 'soap:address': { '@_location': location } },
      },
    },
  })}`
}
