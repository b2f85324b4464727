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
