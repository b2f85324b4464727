import type { SsmUnitRecords } from '@storageops/contracts/tasks'
import type { Db } from '../../db/client.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { badGateway } from '../../lib/http-error.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'

async function getAllUnits(db: Db, ssm: SsmClient, locationCode: string) {
  const location = await getLocationByCode(db, locationCode)
  try {
    return await ssm.getAllUnits(location.location_code)
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
}

/** Each field a one-item list, as the spec reads it. Errors: 404 unknown facility; 502 with the system's message. */
export async function listSsmUnitRecords(db: Db, ssm: SsmClient, locationCode: string): Promise<SsmUnitRecords> {
  const rows = await getAllUnits(db, ssm, locationCode)
  return {
    Record: rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, [String(value)]]))),
  }
}

/** The unit numbers the system lists (each record's UNITEXTERNALID), as Create New Task offers them. Errors as above. */
export async function listSsmUnitNumbers(db: Db, ssm: SsmClient, locationCode: string): Promise<string[]> {
  return (await getAllUnits(db, ssm, locationCode)).map((row) => String(row.UNITEXTERNALID ?? ''))
}
