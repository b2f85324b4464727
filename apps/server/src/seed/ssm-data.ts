import type { SsmStandInData } from '../integrations/ssm/stand-in.ts'
import { demoStreetRate, generateEmployees, generateUnits } from './generate.ts'
import { generateTenants } from './tenants.ts'

/** The demo operator as the storage-management-system stand-in holds it: employees, units and tenants. */
export function demoSsmData(): SsmStandInData {
  return {
    employees: generateEmployees(),
    unitsOf: generateUnits,
    tenantsOf: generateTenants,
    streetRateOf: demoStreetRate,
  }
}
