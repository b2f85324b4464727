import { expect, test } from 'vitest'
import { generateLocations } from './generate.ts'
import { demoSsmData } from './ssm-data.ts'

test('no facility has two unit types of the same name, and each type has one name (issue 18)', () => {
  const data = demoSsmData()
  for (const location of generateLocations(1)) {
    const namesByType = new Map<number, Set<string>>()
    for (const unit of data.unitsOf(location)) {
      if (unit.system) continue
      // The stand-in names a unit type '{width}X{length}' with its category (GetLocationUnitTypes).
      const name = `${unit.width}X${unit.length} ${unit.category_name}`
      namesByType.set(unit.unit_type_id, (namesByType.get(unit.unit_type_id) ?? new Set()).add(name))
    }
    const names = [...namesByType.values()].map((set) => [...set])
    expect(
      names.every((set) => set.length === 1),
      location.location_code,
    ).toBe(true)
    expect(new Set(names.flat()).size, location.location_code).toBe(namesByType.size)
  }
})

test('leases carry a move-in date, a last rent change after it and tenant flags, the same within a month (issue 32)', () => {
  const data = demoSsmData()
  const [location] = generateLocations(1)
  const units = data.unitsOf(location!)
  const tenants = data.tenantsOf(location!, units, '2026-11-29')
  expect(data.tenantsOf(location!, units, '2026-11-02')).toEqual(tenants)
  const leases = tenants.flatMap((tenant) => tenant.units)
  expect(leases.every((lease) => /^\d{4}-\d{2}-\d{2}$/.test(lease.moved_in!) && lease.moved_in! < '2026-11-01')).toBe(
    true,
  )
  expect(leases.every((lease) => lease.rent_last_changed === null || lease.rent_last_changed! > lease.moved_in!)).toBe(
    true,
  )
  expect(leases.some((lease) => lease.rent_last_changed === null)).toBe(true)
  expect(leases.some((lease) => lease.moved_in! > '2026-06-01')).toBe(true)
  expect(tenants.some((tenant) => tenant.military)).toBe(true)
  expect(tenants.every((tenant) => typeof tenant.do_not_increase === 'boolean')).toBe(true)
})
