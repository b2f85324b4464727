import type { SsmStandInData } from '../integrations/ssm/stand-in.ts'
import { demoStreetRate, generateEmployees, generateUnits, unitTypeSizeOf } from './generate.ts'
import { generateTenants } from './tenants.ts'

/**
 * The demo operator as the storage-management-system stand-in holds it: employees, units and tenants. A unit's width
 * and length there are its type's feet, not the map's drawing (a 10x30 drawn 20 deep read as a second '20X40').
 */
export function demoSsmData(): SsmStandInData {
  return {
    employees: generateEmployees(),
    unitsOf: (location) => generateUnits(location).map((unit) => ({ ...unit, ...unitTypeSizeOf(unit.unit_type_id) })),
    tenantsOf: generateTenants,
    streetRateOf: demoStreetRate,
  }
}
