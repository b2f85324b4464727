import { XMLBuilder } from 'fast-xml-parser'
import type { Env } from '../../env.ts'
import { dataSetReader, type SsmRow } from './data-set.ts'

/** SOAP 1.1 (DESIGN §6); transport failures, faults and negative Ret_Codes become SsmError with the system's message. */

export type { SsmRow }

export interface SsmResult {
  retCode: number
  retMessage: string
  tables: Record<string, SsmRow[]>
}

export class SsmError extends Error {
  constructor(
    message: string,
    readonly retCode: number | null,
    readonly tables: Record<string, SsmRow[]> = {},
  ) {
    super(message)
    this.name = 'SsmError'
  }
}

export interface SsmClientOptions {
  url: string
  corpCode: string
  user: string
  password: string
  timeoutMs: number
}

const builder = new XMLBuilder({ ignoreAttributes: false, format: false })

export interface SsmClient {
  /** `timeoutMs` overrides the client's timeout for one call (a bulk call such as the rent roll takes longer). */
  call(method: string, params: Record<string, string | number>, timeoutMs?: number): Promise<SsmResult>
  validateLogin(login: string, password: string): Promise<SsmRow>
  getAllUnits(locationCode: string): Promise<SsmRow[]>
  updateGateCodes(locationCode: string, codes: GateCodeUpdate): Promise<SsmRow>
}

/** New gate codes for one facility; codes left out stay as they are. */
export interface GateCodeUpdate {
  auctionWinner?: string
  emergencyCode?: string
  tempCode?: string
}

export function ssmClientFor(
  env: Pick<Env, 'SSM_CORP_CODE' | 'SSM_USER' | 'SSM_PASSWORD' | 'SSM_TIMEOUT_MS'>,
  url: string,
): SsmClient {
  return createSsmClient({
    url,
    corpCode: env.SSM_CORP_CODE,
    user: env.SSM_USER,
    password: env.SSM_PASSWORD,
    timeoutMs: env.SSM_TIMEOUT_MS,
  })
}

export function createSsmClient(options: SsmClientOptions): SsmClient {
  async function call(
    method: string,
    params: Record<string, string | number>,
    timeoutMs = options.timeoutMs,
  ): Promise<SsmResult> {
    const xml = `<?xml version="1.0" encoding="utf-8"?>${builder.build({
      'soap:Envelope': {
        '@_xmlns:soap': 'http://schemas.xmlsoap.org/soap/envelope/',
        'soap:Body': {
          [method]: {
            '@_xmlns': 'urn:ssm',
            sCorpCode: options.corpCode,
            sCorpUserName: options.user,
            sCorpPassword: options.password,
            ...params,
          },
        },
      },
    })}`
    let response: Response
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"urn:ssm/${method}"` },
        body: xml,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new SsmError(`Storage management system unreachable: ${(error as Error).message}`, null)
    }
    const reader = dataSetReader(method)
    let answer: ReturnType<typeof reader.end>
    try {
      const decoder = new TextDecoder()
      for await (const chunk of response.body ?? []) reader.write(decoder.decode(chunk, { stream: true }))
      reader.write(decoder.decode())
      answer = reader.end()
    } catch (error) {
      throw new SsmError(`Storage management system unreachable: ${(error as Error).message}`, null)
    }
    if (answer.fault !== null) throw new SsmError(answer.fault || 'SOAP fault', null)
    if (!answer.hasDataSet)
      throw new SsmError(`Storage management system answered without a data set (HTTP ${response.status})`, null)
    const { RT, ...tables } = answer.tables
    const rt = RT?.[0] ?? {}
    const retCode = Number(rt.Ret_Code ?? Number.NaN)
    const result = { retCode, retMessage: String(rt.Ret_Msg ?? ''), tables }
    if (!Number.isFinite(retCode) || retCode < 0) {
      throw new SsmError(
        result.retMessage || `Storage management system error ${rt.Ret_Code}`,
        Number.isFinite(retCode) ? retCode : null,
        tables,
      )
    }
    return result
  }

  return {
    call,
    /** Checks a staff login; returns the UserDetails row or throws SsmError whose tables hold Error rows. */
    async validateLogin(login, password) {
      const result = await call('ValidateSSMLogin', { LoginKeyed: login, passwordKeyed: password })
      const user = result.tables.UserDetails?.[0]
      if (!user) throw new SsmError('Invalid username or password.', result.retCode)
      return user
    },
    /** Programs a facility's gate codes (`UpdateGateCodes`); returns its GateCodes row, throws SsmError on failure. */
    async updateGateCodes(locationCode, codes) {
      const result = await call('UpdateGateCodes', {
        strLocationCode: locationCode,
        ...(codes.auctionWinner ? { strAuctionWinnerCode: codes.auctionWinner } : {}),
        ...(codes.emergencyCode ? { strEmergencyCode: codes.emergencyCode } : {}),
        ...(codes.tempCode ? { strTempCode: codes.tempCode } : {}),
      })
      const row = result.tables.GateCodes?.[0]
      if (!row) throw new SsmError(result.retMessage || 'Gate codes were not updated.', result.retCode)
      return row
    },
    /** The unit records of a facility (each with UNITEXTERNALID); [] when the system has none. */
    async getAllUnits(locationCode) {
      const result = await call('GetAllUnits', { strLocationCode: locationCode })
      return result.tables.Record ?? []
    },
  }
}
