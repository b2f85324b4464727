import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { XMLBuilder, XMLParser } from 'fast-xml-parser'
import { ssmWsdl, type SsmMethodName } from './wsdl.ts'

/** The SOAP stand-in of DESIGN §6 (WSDL at `{url}?wsdl`); it keeps state, and tests can make a method fail or slow. */

export interface SsmEmployee {
  username: string
  password: string
  full_name: string
  email: string
  role: string
}

export interface SsmUnit {
  unit_id: string
  unit_no: string
  unit_type_id: number
  category_name: string
  description: string
  width: number
  length: number
  status: string
  system: boolean
}

export interface SsmTenant {
  tenant_id: number
  first_name: string
  last_name: string
  email: string
  cell_phone: string
  address: string
  city: string
  state: string
  zip: string
  /** Protected from rent increases as a service member (SiteLink's military fields); false when absent. */
  military?: boolean
  /** Staff flagged the tenant to be left out of rate increases; false when absent. */
  do_not_increase?: boolean
  units: Array<{
    lease_number: string
    unit_no: string
    /** YYYY-MM-DD; empty in the answers when absent. */
    moved_in?: string
    /** The date of the lease's last rent change (YYYY-MM-DD); none when the rent never changed. */
    rent_last_changed?: string | null
  }>
}

export interface SsmAppointment {
  appointment_id: number
  location_code: string
  unit_no: string | null
}

export interface SsmDataSource {
  employees: SsmEmployee[]
  /** Undefined for an unknown code, which is asked again next time (the facility may be set up later). */
  unitsFor(locationCode: string): SsmUnit[] | undefined | Promise<SsmUnit[] | undefined>
  tenantsFor?(locationCode: string, units: SsmUnit[]): SsmTenant[] | Promise<SsmTenant[]>
  appointments?: SsmAppointment[]
  /** A unit type's street rate in dollars before any UnitStandardRateUpdate; default 100. */
  streetRateFor?(locationCode: string, unitTypeId: number): number
  /** Every facility the system holds (the tenant search looks through all of them). */
  locationCodes?(): string[] | Promise<string[]>
}

export interface SsmCredentials {
  corpCode: string
  user: string
  password: string
}

export interface SsmSimulator {
  url: string
  /** The next call of `method` answers with this Ret_Code and message (a negative code is an error). */
  failNext(method: string, retCode: number, message: string): void
  /** Every response waits this long first. */
  setDelay(milliseconds: number): void
  /** From now on every call naming this facility answers Ret_Code -2. */
  forgetLocation(locationCode: string): void
  /** Sets the balance a lease owes (dollars), as if the tenant paid or was charged. */
  setBalance(leaseNumber: string, dollars: number): void
  setPaidThru(leaseNumber: string, date: string): void
  calls: string[]
  /** Every call's method and parameters (credentials left out), in order. */
  requests: Array<{ method: string; params: Record<string, string> }>
  close(): Promise<void>
}

/** A DataSet row: a column left out (or undefined) is a null, which a .NET DataSet does not write. */
type Row = Record<string, string | number | boolean | null | undefined>
interface MethodResult {
  code: number
  message?: string
  tables?: Record<string, Row[]>
}

export const RENT_ROLL_MAX_LOCATIONS = 200
type Method = (params: Record<string, string>) => MethodResult | Promise<MethodResult>

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true })
const builder = new XMLBuilder({
  ignoreAttributes: false,
  suppressEmptyNode: false,
  suppressBooleanAttributes: false,
  format: false,
})

function envelope(body: unknown): string {
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({
    'soap:Envelope': { '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/', 'soap:Body': body },
  })}`
}

function fault(message: string): string {
  return envelope({ 'soap:Fault': { faultcode: 'soap:Client', faultstring: message } })
}

const escapeText = (text: string) =>
  /[&<>]/.test(text)
    ? text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'))
    : text

/** A method's DataSet answer as .NET writes one, built as one string: a rent roll is a million rows. */
function dataSetResponse(method: string, result: MethodResult): string {
  const parts = [
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${method}Response xmlns="urn:ssm"><${method}Result><NewDataSet>`,
    `<RT><Ret_Code>${result.code}</Ret_Code><Ret_Msg>${escapeText(result.message ?? '')}</Ret_Msg></RT>`,
  ]
  for (const [table, rows] of Object.entries(result.tables ?? {}))
    for (const row of rows) {
      let xml = `<${table}>`
      for (const column in row) {
        const value = row[column]
        if (value !== null && value !== undefined) xml += `<${column}>${escapeText(String(value))}</${column}>`
      }
      parts.push(`${xml}</${table}>`)
    }
  parts.push(`</NewDataSet></${method}Result></${method}Response></soap:Body></soap:Envelope>`)
  return parts.join('')
}

export async function startSsmSimulator(options: {
  data: SsmDataSource
  credentials: SsmCredentials
  port?: number
}): Promise<SsmSimulator> {
  const { data, credentials } = options
  const unitCache = new Map<string, SsmUnit[]>()
  const forgotten = new Set<string>()
  const failures = new Map<string, { code: number; message: string }>()
  const calls: string[] = []
  const requests: SsmSimulator['requests'] = []
  let delay = 0
  const appointments = new Map<number, SsmAppointment & { status: 'Scheduled' | 'Cancelled' }>(
    (data.appointments ?? []).map((appointment) => [
      appointment.appointment_id,
      { ...appointment, status: 'Scheduled' },
    ]),
  )

  // Balances owed per lease number: a deterministic amount from the lease number (a fifth owe nothing), unless set.
  const balances = new Map<string, number>()
  const balanceOf = (leaseNumber: string) => {
    let hash = 7
    for (const char of leaseNumber) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003
    return hash % 5 === 0 ? 0 : 50 + (hash % 145_000) / 100
  }

  // Paid-through dates per lease number: deterministic (one in eight 1–120 days past due), unless set.
  const paidThru = new Map<string, string>()
  const paidThruOf = (leaseNumber: string) => {
    const set = paidThru.get(leaseNumber)
    if (set) return set
    let hash = 11
    for (const char of leaseNumber) hash = (hash * 37 + char.charCodeAt(0)) % 1_000_003
    const now = new Date()
    const date =
      hash % 8 === 0
        ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1 - (hash % 120)))
        : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))
    return date.toISOString().slice(0, 10)
  }

  const gateCodes = new Map<string, { AuctionWinner: string; EmergencyCode: string; TempCode: string }>()

  // Street rates (cents) by `LOC|unitTypeId`, lease rents by `LOC|tenantId|leaseNumber`.
  const streetRates = new Map<string, number>()
  const rents = new Map<string, { rent: number; scheduled: { rent: number; date: string } | null }>()
  const toCents = (dollars: string) =>
    /^\d+(\.\d{1,2})?$/.test(dollars.trim()) ? Math.round(Number(dollars) * 100) : NaN
  const toDollars = (cents: number) => (cents / 100).toFixed(2)
  const streetRateOf = (code: string, unitTypeId: number) => {
    const key = `${code}|${unitTypeId}`
    if (!streetRates.has(key)) streetRates.set(key, Math.round((data.streetRateFor?.(code, unitTypeId) ?? 100) * 100))
    return streetRates.get(key)!
  }
  /** A lease's rent: at first its unit type's street rate less 0–14 %, by tenant (long-time tenants pay less). */
  const leaseOf = async (code: string, tenantId: string, leaseNumber: string) => {
    const entry = await tenantsOf(code)
    const tenant = entry?.tenants.find((candidate) => String(candidate.tenant_id) === tenantId.trim())
    const lease = tenant?.units.find((unit) => unit.lease_number === leaseNumber.trim())
    if (!tenant || !lease) return undefined
    const unit = (await unitsOf(code))?.find((candidate) => candidate.unit_no === lease.unit_no)
    return { tenant, lease, state: rentOf(code.trim().toUpperCase(), tenant, lease, unit?.unit_type_id ?? 0) }
  }
  const rentOf = (code: string, tenant: SsmTenant, lease: SsmTenant['units'][number], unitTypeId: number) => {
    const key = `${code}|${tenant.tenant_id}|${lease.lease_number}`
    let state = rents.get(key)
    if (!state) {
      const street = streetRateOf(code, unitTypeId)
      state = { rent: Math.round((street * (100 - (tenant.tenant_id % 15))) / 100), scheduled: null }
      rents.set(key, state)
    }
    return state
  }
  const yesNo = (value: boolean | undefined) => (value ? 'true' : 'false')

  const tenantCache = new Map<string, { tenants: SsmTenant[]; byUnit: Map<string, SsmTenant> }>()
  const tenantsOf = async (code: string) => {
    const key = code.trim().toUpperCase()
    const units = await unitsOf(key)
    if (!units) return undefined
    let entry = tenantCache.get(key)
    if (!entry) {
      const tenants = data.tenantsFor ? await data.tenantsFor(key, units) : []
      const byUnit = new Map(tenants.flatMap((tenant) => tenant.units.map((unit) => [unit.unit_no, tenant] as const)))
      entry = { tenants, byUnit }
      tenantCache.set(key, entry)
    }
    return entry
  }

  /** A facility's tenant by id, or the system's answer without one: -2 for an unknown location code, 0 for no tenant. */
  const tenantAt = async (
    code: string,
    tenantId: string,
  ): Promise<{ tenant: SsmTenant } | { refusal: MethodResult }> => {
    const entry = await tenantsOf(code)
    if (!entry) return { refusal: { code: -2, message: `Unknown location code ${code}` } }
    const tenant = entry.tenants.find((candidate) => String(candidate.tenant_id) === tenantId.trim())
    return tenant ? { tenant } : { refusal: { code: 0, message: `No tenant ${tenantId}` } }
  }

  const unitsOf = async (code: string): Promise<SsmUnit[] | undefined> => {
    const key = code.trim().toUpperCase()
    if (forgotten.has(key)) return undefined
    const cached = unitCache.get(key)
    if (cached) return cached
    const units = await data.unitsFor(key)
    if (units) unitCache.set(key, units)
    return units
  }

  const methods: Record<SsmMethodName, Method> = {
    ValidateSSMLogin: ({ LoginKeyed = '', passwordKeyed = '' }): MethodResult => {
      const employee = data.employees.find(
        (candidate) => candidate.username.toLowerCase() === LoginKeyed.trim().toLowerCase(),
      )
      if (!employee || employee.password !== passwordKeyed) {
        return {
          code: -1,
          message: 'Invalid login',
          tables: { Error: [{ ErrorCode: '-1', ErrorMessage: 'Invalid username or password.' }] },
        }
      }
      return {
        code: 1,
        tables: {
          UserDetails: [
            { Login: employee.username, FullName: employee.full_name, Email: employee.email, Role: employee.role },
          ],
        },
      }
    },
    GetAllUnits: async ({ strLocationCode = '' }) => {
      const units = await unitsOf(strLocationCode)
      if (!units) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      const records = units.filter((unit) => !unit.system)
      if (records.length === 0) return { code: 0, message: 'No units' }
      return {
        code: 1,
        tables: {
          Record: records.map((unit) => ({
            UNITEXTERNALID: unit.unit_no,
            UnitID: unit.unit_id,
            UnitTypeID: unit.unit_type_id,
            UnitStatus: unit.status,
            Width: unit.width,
            Length: unit.length,
            CategoryName: unit.category_name,
          })),
        },
      }
    },
    GetUnitsList: async ({ strLocationCode = '', strSearchType = '', strSearchString = '', strSortType = '' }) => {
      const units = await unitsOf(strLocationCode)
      if (!units) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      // Search type 4 is "by unit number" in the spec's calls; others match the description.
      const needle = strSearchString.trim().toLowerCase()
      const matches = units
        .filter((unit) => !unit.system)
        .filter(
          (unit) =>
            !needle ||
            (strSearchType === '4'
              ? unit.unit_no.toLowerCase() === needle
              : unit.description.toLowerCase().includes(needle)),
        )
      if (strSortType === '1') matches.sort((a, b) => b.unit_no.localeCompare(a.unit_no))
      if (matches.length === 0) return { code: 0, message: 'No units found' }
      const { byUnit } = (await tenantsOf(strLocationCode))!
      return {
        code: 1,
        tables: {
          Unit: matches.map((unit) => {
            const tenant = unit.status === 'Rented' ? byUnit.get(unit.unit_no) : undefined
            return {
              UnitID: unit.unit_id,
              UnitNumber: unit.unit_no,
              UnitStatus: unit.status,
              TenantId: tenant?.tenant_id ?? (unit.status === 'Rented' ? Number(unit.unit_id) + 500000 : 0),
              TenantName: tenant ? `${tenant.first_name} ${tenant.last_name}` : '',
              UnitTypeID: unit.unit_type_id,
            }
          }),
        },
      }
    },
    GetTenantInfoByTenantID: async ({ strLocationCode = '', iTenantID = '' }) => {
      const found = await tenantAt(strLocationCode, iTenantID)
      if ('refusal' in found) return found.refusal
      const { tenant } = found
      return {
        code: 1,
        tables: {
          Tenant: [
            {
              TenantID: tenant.tenant_id,
              FirstName: tenant.first_name,
              LastName: tenant.last_name,
              EMail: tenant.email,
              CellPhone: tenant.cell_phone,
              Address: tenant.address,
              City: tenant.city,
              State: tenant.state,
              Zip: tenant.zip,
              Military: yesNo(tenant.military),
              ExcludeFromRateIncrease: yesNo(tenant.do_not_increase),
            },
          ],
          Units: await Promise.all(
            tenant.units.map(async (unit) => {
              const { state } = (await leaseOf(strLocationCode, iTenantID, unit.lease_number))!
              return {
                TenantID: tenant.tenant_id,
                LeaseNumber: unit.lease_number,
                UnitNumber: unit.unit_no,
                Rent: toDollars(state.rent),
                ScheduledRent: state.scheduled ? toDollars(state.scheduled.rent) : '',
                ScheduledDate: state.scheduled?.date ?? '',
                MovedIn: unit.moved_in ?? '',
                RentLastChanged: unit.rent_last_changed ?? '',
                PaidThru: paidThruOf(unit.lease_number),
              }
            }),
          ),
        },
      }
    },
    GetRentRoll: async ({ strLocationCodes = '' }) => {
      const codes = [...new Set(strLocationCodes.split(',').map((code) => code.trim().toUpperCase()))].filter(Boolean)
      if (codes.length === 0 || codes.length > RENT_ROLL_MAX_LOCATIONS)
        return { code: -1, message: `strLocationCodes must name 1 to ${RENT_ROLL_MAX_LOCATIONS} location codes` }
      const tables: Record<string, Row[]> = { UnitTypes: [], Lease: [], Missing: [] }
      for (const code of codes) {
        const units = await unitsOf(code)
        const entry = await tenantsOf(code)
        if (!units || !entry) {
          tables.Missing!.push({ SiteCode: code })
          continue
        }
        const typeOf = new Map(units.map((unit) => [unit.unit_no, unit.unit_type_id]))
        for (const typeId of new Set(units.filter((unit) => !unit.system).map((unit) => unit.unit_type_id)))
          tables.UnitTypes!.push({
            SiteCode: code,
            UnitTypeID: typeId,
            StandardRate: toDollars(streetRateOf(code, typeId)),
          })
        for (const tenant of entry.tenants)
          for (const lease of tenant.units) {
            const unitTypeId = typeOf.get(lease.unit_no) ?? 0
            const state = rentOf(code, tenant, lease, unitTypeId)
            tables.Lease!.push({
              SiteCode: code,
              TenantID: tenant.tenant_id,
              TenantName: `${tenant.first_name} ${tenant.last_name}`,
              LeaseNumber: lease.lease_number,
              UnitNumber: lease.unit_no,
              UnitTypeID: unitTypeId,
              Rent: toDollars(state.rent),
              ScheduledRent: state.scheduled && toDollars(state.scheduled.rent),
              ScheduledDate: state.scheduled?.date,
              MovedIn: lease.moved_in,
              RentLastChanged: lease.rent_last_changed,
              PaidThru: paidThruOf(lease.lease_number),
              Military: tenant.military ?? false,
              ExcludeFromRateIncrease: tenant.do_not_increase ?? false,
            })
          }
      }
      return tables.Missing!.length === codes.length
        ? { code: 0, message: 'No leases', tables: { Missing: tables.Missing! } }
        : { code: 1, tables }
    },
    TenantSearch: async ({ strSearchType = '', strSearchString = '' }) => {
      const needle = strSearchString.trim().toLowerCase()
      if (!needle || !['email', 'sms'].includes(strSearchType))
        return { code: -1, message: 'strSearchType must be email or sms and strSearchString is required' }
      const digits = (value: string) => value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')
      const matches = (tenant: SsmTenant) =>
        strSearchType === 'email' ? tenant.email.toLowerCase() === needle : digits(tenant.cell_phone) === digits(needle)
      const found: Array<{ code: string; tenant: SsmTenant }> = []
      for (const code of (await data.locationCodes?.()) ?? []) {
        const entry = await tenantsOf(code)
        for (const tenant of entry?.tenants ?? []) if (matches(tenant)) found.push({ code: code.toUpperCase(), tenant })
      }
      if (found.length === 0) return { code: 0, message: 'No tenant found' }
      return {
        code: 1,
        tables: {
          Tenant: found.map(({ code, tenant }) => ({
            TenantID: tenant.tenant_id,
            SiteCode: code,
            FirstName: tenant.first_name,
            LastName: tenant.last_name,
            EMail: tenant.email,
            CellPhone: tenant.cell_phone,
          })),
          Units: found.flatMap(({ tenant }) =>
            tenant.units.map((unit) => ({
              TenantID: tenant.tenant_id,
              LeaseNumber: unit.lease_number,
              UnitNumber: unit.unit_no,
            })),
          ),
        },
      }
    },
    GetTenantLedgers: async ({ strLocationCode = '', iTenantID = '' }) => {
      const found = await tenantAt(strLocationCode, iTenantID)
      if ('refusal' in found) return found.refusal
      const { tenant } = found
      return {
        code: 1,
        tables: {
          Ledger: tenant.units.map((unit) => ({
            TenantID: tenant.tenant_id,
            LeaseNumber: unit.lease_number,
            UnitNumber: unit.unit_no,
            dcBalance: (balances.get(unit.lease_number) ?? balanceOf(unit.lease_number)).toFixed(2),
            PaidThru: paidThruOf(unit.lease_number),
          })),
        },
      }
    },
    CancelAppointment: ({ iAppointmentID = '' }) => {
      const appointment = appointments.get(Number(iAppointmentID))
      if (!appointment) return { code: -2, message: `Appointment ${iAppointmentID} was not found` }
      if (appointment.status === 'Cancelled')
        return { code: -3, message: `Appointment ${iAppointmentID} is already cancelled` }
      appointment.status = 'Cancelled'
      return {
        code: 1,
        tables: {
          Appointment: [
            {
              AppointmentID: appointment.appointment_id,
              SiteCode: appointment.location_code,
              UnitNumber: appointment.unit_no ?? '',
              Status: appointment.status,
            },
          ],
        },
      }
    },
    UpdateGateCodes: async ({ strLocationCode = '', strAuctionWinnerCode, strEmergencyCode, strTempCode }) => {
      const key = strLocationCode.trim().toUpperCase()
      if (!(await unitsOf(key))) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      const current = gateCodes.get(key) ?? { AuctionWinner: '', EmergencyCode: '', TempCode: '' }
      const next = {
        AuctionWinner: strAuctionWinnerCode || current.AuctionWinner,
        EmergencyCode: strEmergencyCode || current.EmergencyCode,
        TempCode: strTempCode || current.TempCode,
      }
      gateCodes.set(key, next)
      return { code: 1, tables: { GateCodes: [{ SiteCode: key, ...next }] } }
    },
    GetGateCodes: async ({ strLocationCode = '' }) => {
      const key = strLocationCode.trim().toUpperCase()
      if (!(await unitsOf(key))) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      const codes = gateCodes.get(key)
      return codes
        ? { code: 1, tables: { GateCodes: [{ SiteCode: key, ...codes }] } }
        : { code: 0, message: 'No gate codes programmed' }
    },
    GetLocationUnitTypes: async ({ strLocationCode = '' }) => {
      const units = await unitsOf(strLocationCode)
      if (!units) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      const key = strLocationCode.trim().toUpperCase()
      const types = new Map<number, Row>()
      for (const unit of units) {
        if (unit.system) continue
        const type = types.get(unit.unit_type_id)
        if (type) {
          type.UnitCount = Number(type.UnitCount) + 1
          continue
        }
        types.set(unit.unit_type_id, {
          UnitTypeId: unit.unit_type_id,
          UnitTypeCode: `${unit.width}X${unit.length}`,
          CategoryName: unit.category_name,
          StandardRate: toDollars(streetRateOf(key, unit.unit_type_id)),
          UnitCount: 1,
        })
      }
      return {
        code: 1,
        tables: { LocationUnitTypes: [...types.values()].sort((a, b) => Number(a.UnitTypeId) - Number(b.UnitTypeId)) },
      }
    },
    UnitStandardRateUpdate: async ({ strLocationCode = '', iUnitTypeID = '', dcStdRate = '' }) => {
      const key = strLocationCode.trim().toUpperCase()
      const units = await unitsOf(key)
      if (!units) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      const typeId = Number(iUnitTypeID)
      if (!units.some((unit) => !unit.system && unit.unit_type_id === typeId))
        return { code: -3, message: `Unit type ${iUnitTypeID} is not used at ${key}` }
      const cents = toCents(dcStdRate)
      if (!(cents > 0)) return { code: -4, message: `Standard rate must be above zero (got ${dcStdRate})` }
      const old = streetRateOf(key, typeId)
      streetRates.set(`${key}|${typeId}`, cents)
      return {
        code: 1,
        tables: {
          UnitType: [{ UnitTypeId: typeId, OldStandardRate: toDollars(old), StandardRate: toDollars(cents) }],
        },
      }
    },
    ScheduleTenantRateChange: async ({
      strLocationCode = '',
      iTenantID = '',
      sLeaseNumber = '',
      dcNewRent = '',
      dScheduledDate = '',
    }) => {
      if (!(await unitsOf(strLocationCode))) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      const found = await leaseOf(strLocationCode, iTenantID, sLeaseNumber)
      if (!found) return { code: -3, message: `Tenant ${iTenantID} has no lease ${sLeaseNumber}` }
      const cents = toCents(dcNewRent)
      if (!(cents > 0)) return { code: -4, message: `New rent must be above zero (got ${dcNewRent})` }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(dScheduledDate.trim()))
        return { code: -4, message: `Scheduled date must be YYYY-MM-DD (got ${dScheduledDate})` }
      found.state.scheduled = { rent: cents, date: dScheduledDate.trim() }
      return {
        code: 1,
        tables: {
          RateChange: [
            {
              TenantID: found.tenant.tenant_id,
              LeaseNumber: found.lease.lease_number,
              UnitNumber: found.lease.unit_no,
              Rent: toDollars(found.state.rent),
              ScheduledRent: toDollars(cents),
              ScheduledDate: found.state.scheduled.date,
            },
          ],
        },
      }
    },
    CancelTenantRateChange: async ({ strLocationCode = '', iTenantID = '', sLeaseNumber = '' }) => {
      if (!(await unitsOf(strLocationCode))) return { code: -2, message: `Unknown location code ${strLocationCode}` }
      const found = await leaseOf(strLocationCode, iTenantID, sLeaseNumber)
      if (!found) return { code: -3, message: `Tenant ${iTenantID} has no lease ${sLeaseNumber}` }
      if (!found.state.scheduled) return { code: -5, message: `Lease ${sLeaseNumber} has no scheduled rate change` }
      found.state.scheduled = null
      return {
        code: 1,
        tables: { RateChange: [{ TenantID: found.tenant.tenant_id, LeaseNumber: found.lease.lease_number }] },
      }
    },
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const send = (status: number, xml: string) => {
        setTimeout(() => {
          response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' })
          response.end(xml)
        }, delay)
      }
      if (request.method === 'GET' && /\?wsdl$/i.test(request.url ?? '')) {
        response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
        return response.end(
          ssmWsdl(`http://${request.headers.host ?? `127.0.0.1:${(server.address() as AddressInfo).port}`}/ssm.asmx`),
        )
      }
      if (request.method !== 'POST') return send(405, fault('Only POST is supported; the WSDL is at ?wsdl'))
      let body: Record<string, unknown>
      try {
        const parsed = parser.parse(Buffer.concat(chunks).toString('utf8')) as {
          Envelope?: { Body?: Record<string, unknown> }
        }
        body = parsed.Envelope?.Body ?? {}
      } catch {
        return send(400, fault('Malformed SOAP envelope'))
      }
      const action = String(request.headers.soapaction ?? '').replace(/"/g, '')
      const methodName = Object.keys(body)[0] ?? ''
      if (action !== `urn:ssm/${methodName}`)
        return send(400, fault(`SOAPAction ${action} does not match ${methodName}`))
      const params = Object.fromEntries(
        Object.entries((body[methodName] ?? {}) as Record<string, unknown>).map(([key, value]) => [
          key,
          typeof value === 'string' || typeof value === 'number' ? String(value) : '',
        ]),
      )
      if (
        params.sCorpCode !== credentials.corpCode ||
        params.sCorpUserName !== credentials.user ||
        params.sCorpPassword !== credentials.password
      ) {
        return send(500, fault('Invalid integration credentials'))
      }
      if (!Object.hasOwn(methods, methodName)) return send(500, fault(`Unknown method ${methodName}`))
      const method = methods[methodName as SsmMethodName]
      calls.push(methodName)
      const { sCorpCode: _code, sCorpUserName: _user, sCorpPassword: _password, ...named } = params
      requests.push({ method: methodName, params: named })
      const failure = failures.get(methodName)
      if (failure) {
        failures.delete(methodName)
        return send(200, dataSetResponse(methodName, { code: failure.code, message: failure.message }))
      }
      void Promise.resolve(method(params)).then(
        (result) => send(200, dataSetResponse(methodName, result)),
        (error: unknown) => send(500, fault(error instanceof Error ? error.message : 'Internal error')),
      )
    })
  })

  // IIS keeps an idle connection 120 s; Node's 5 s closes one a busy client may be about to reuse ("fetch failed").
  server.keepAliveTimeout = 120_000
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/ssm.asmx`,
    calls,
    requests,
    failNext: (method, code, message) => void failures.set(method, { code, message }),
    setDelay: (milliseconds) => void (delay = milliseconds),
    forgetLocation: (locationCode) => void forgotten.add(locationCode.trim().toUpperCase()),
    setBalance: (leaseNumber, dollars) => void balances.set(leaseNumber, dollars),
    setPaidThru: (leaseNumber, date) => void paidThru.set(leaseNumber, date),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
