import type { SsmTenant } from '@storageops/ssm-simulator/simulator'
import { generatePersonName } from './generate.ts'
import { createRandom } from './random.ts'

export type DemoTenant = SsmTenant

const STREETS = ['Elm', 'Birch', 'Walnut', 'Willow', 'Hickory', 'Spruce', 'Magnolia', 'Aspen']

const isoDate = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10)

/**
 * The tenants of one facility's rented units, deterministic per location code (own random streams, so earlier seeds
 * stay as they were); ids are the code's digits × 1000 + serial; fictional 555-01xx phones, example.com emails.
 */
export function generateTenants(
  location: { location_code: string; city: string; state: string; zip: string },
  units: ReadonlyArray<{ unit_no: string; status: string; system: boolean }>,
  asOf = new Date().toISOString().slice(0, 10),
): DemoTenant[] {
  const random = createRandom(`tenants:${location.location_code}`)
  const leaseRandom = createRandom(`leases:${location.location_code}`)
  const [year, month] = asOf.split('-').map(Number) as [number, number]
  const leaseDates = () => {
    const months = leaseRandom.chance(0.1) ? leaseRandom.int(1, 5) : leaseRandom.int(6, 120)
    const changed = months >= 13 && leaseRandom.chance(0.85) ? leaseRandom.int(1, Math.min(months - 1, 14)) : null
    return {
      moved_in: isoDate(year, month - 1 - months, 1 + leaseRandom.int(0, 27)),
      rent_last_changed: changed === null ? null : isoDate(year, month - 1 - changed, 1),
    }
  }
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
      military: leaseRandom.chance(0.03),
      do_not_increase: leaseRandom.chance(0.02),
      units: rented.slice(index, index + size).map((unit, offset) => ({
        lease_number: `L${base + serial}-${offset + 1}`,
        unit_no: unit.unit_no,
        ...leaseDates(),
      })),
    })
    index += size
  }
  return tenants
}
