import type { SsmUnitRecords } from '@storageops/contracts/tasks'
import type { Db } from '../../db/client.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { badGateway } from '../../lib/http-error.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'

/** Each field a one-item list, as the spec reads it. Errors: 404 unknown facility; 502 with the system's message. */
export async function listSsmUnitRecords(db: Db, ssm: SsmClient, locationCode: string): Promise<SsmUnitRecords> {
  const location = await getLocationByCode(db, locationCode)
  try {
    const rows = await ssm.getAllUnits(location.location_code)
    return {
      Record: rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, [String(value)]]))),
    }
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
}
