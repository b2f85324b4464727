import type { SsmUnitRecords } from '@storageops/contracts/tasks'
import type { Db } from '../../db/client.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { badGateway } from '../../lib/http-error.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'

/**
 * The storage-management system's unit records of a facility (spec: snapshot-field-tool §7 POST
 * /api/ssm/GetAllUnits), for the unit choice of Create New Task. Each field is a one-item list, as the
 * spec reads it (UNITEXTERNALID first). 404 for an unknown facility; 502 with the system's message when
 * it fails; an empty list when it has no units.
 */
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
