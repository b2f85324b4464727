import type { SsmTenant } from '@storageops/ssm-simulator/simulator'
import { generatePersonName } from './generate.ts'
import { createRandom } from './random.ts'

/** A tenant of the demo operator, as the storage-management system holds them. */
export type DemoTenant = SsmTenant

const STREETS = ['Elm', 'Birch', 'Walnut', 'Willow', 'Hickory', 'Spruce', 'Magnolia', 'Aspen']

/**
 * The tenants of one facility's rented units, deterministic per location code (its own random stream, so
 * units and maps stay as they were): most rent one unit, some two or three neighbouring ones. Ids are
 * unique across facilities (the code's digits × 1000 + serial). Phones are fictional 555-01xx numbers,
 * emails at example.com.
 */
export function generateTenants(
  location: { location_code: string; city: string; state: string; zip: string },
  units: ReadonlyArray<{ unit_no: string; status: string; system: boolean }>,
): DemoTenant[] {
  const random = createRandom(`tenants:${location.location_code}`)
  const digits = Number(location.location_code.replace(/\D/g, '')) || 0
  const base =
    digits > 0
      ? digits * 1000
      : 900_000_000 +
        ([...location.location_code].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7) % 1_000_000) * 1000
  const rented = units.filter((unit) => !unit.system && unit.status === 'Rented')
  const tenants: DemoTenant[] = []
  for (let index = 0; index < rented.length;) {
    const size = Math.min(rented.length - index, random.chance(0.8) ? 1 : random.chance(0.7) ? 2 : 3)
    const { first, last } = generatePersonName(random)
    const serial = tenants.length + 1
    const areaCode = random.pick(['512', '214', '312', '404', '602', '615', '704', '919'])
    tenants.push({
      tenant_id: base + serial,
      first_name: first,
      last_name: last,
      email: `${first}.${last}.${base + serial}@example.com`.toLowerCase(),
      cell_phone: `(${areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
      address: `${random.int(10, 9899)} ${random.pick(STREETS)} Avenue`,
      city: location.city,
      state: location.state,
      zip: location.zip,
      units: rented.slice(index, index + size).map((unit, offset) => ({
        lease_number: `L${base + serial}-${offset + 1}`,
        unit_no: unit.unit_no,
      })),
    })
    index += size
  }
  return tenants
}
