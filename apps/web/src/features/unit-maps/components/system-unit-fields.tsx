import { Button, Fieldset, Group, NumberInput } from '@mantine/core'
import { IconCrosshair } from '@tabler/icons-react'
import {
  SYSTEM_ROTATION_MAX,
  SYSTEM_ROTATION_MIN,
  SYSTEM_SIZE_MAX,
  SYSTEM_SIZE_MIN,
  type SystemCategory,
} from '@storageops/contracts/unit-map-rules'
import { SystemUnitInput } from '@storageops/contracts/unit-maps'

/** The editable placement of a Gate or a Rental Center: position (map units), rotation (degrees) and size. */
export interface SystemPlacement {
  left_coordinate: number | ''
  top_coordinate: number | ''
  system_rotation: number | ''
  size: number | ''
}

const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value))

export type PlacementErrors = Partial<Record<keyof SystemPlacement, string>>

/** Empty: not placed; partly filled or out of range: the field's message, never sent as 0° or clamped (issue 18). */
export function placementErrors(category: SystemCategory, placement: SystemPlacement): PlacementErrors {
  const keys = Object.keys(placement) as (keyof SystemPlacement)[]
  if (keys.every((key) => placement[key] === '')) return {}
  const errors: PlacementErrors = {}
  for (const key of keys) if (placement[key] === '') errors[key] = 'Required'
  if (Object.keys(errors).length > 0) return errors
  const parsed = SystemUnitInput.safeParse({ category_name: category, ...placement })
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as keyof SystemPlacement] ??= issue.message
  return errors
}

/** Placement inputs of a Gate or Rental Center, with Pick on map (spec: admin-console-part-1 §2, §5). */
export function SystemUnitFields({
  category,
  value,
  onChange,
  errors,
  picking,
  onPick,
}: {
  category: SystemCategory
  value: SystemPlacement
  errors: PlacementErrors
  onChange: (next: SystemPlacement) => void
  picking: boolean
  onPick: () => void
}) {
  const set = (key: keyof SystemPlacement) => (next: string | number) => onChange({ ...value, [key]: toNumber(next) })
  return (
    <Fieldset legend={category} radius="md">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NumberInput
          label="X (left)"
          aria-label={`${category} X (left)`}
          value={value.left_coordinate}
          onChange={set('left_coordinate')}
          error={errors.left_coordinate}
          w={120}
          decimalScale={2}
        />
        <NumberInput
          label="Y (top)"
          aria-label={`${category} Y (top)`}
          value={value.top_coordinate}
          onChange={set('top_coordinate')}
          error={errors.top_coordinate}
          w={120}
          decimalScale={2}
        />
        <NumberInput
          label="Rotation (0–360)"
          aria-label={`${category} Rotation (0–360)`}
          value={value.system_rotation}
          onChange={set('system_rotation')}
          error={errors.system_rotation}
          min={SYSTEM_ROTATION_MIN}
          max={SYSTEM_ROTATION_MAX}
          clampBehavior="none"
          suffix="°"
          w={140}
        />
        <NumberInput
          label="Size (1–999)"
          aria-label={`${category} Size (1–999)`}
          value={value.size}
          onChange={set('size')}
          error={errors.size}
          min={SYSTEM_SIZE_MIN}
          max={SYSTEM_SIZE_MAX}
          clampBehavior="none"
          allowDecimal={false}
          w={130}
        />
        <Button
          mt={25}
          variant={picking ? 'filled' : 'default'}
          leftSection={<IconCrosshair size={16} aria-hidden />}
          onClick={onPick}
          aria-pressed={picking}
          aria-label={picking ? `Click the map: ${category}` : `Pick on map: ${category}`}
        >
          {picking ? 'Click the map…' : 'Pick on map'}
        </Button>
      </Group>
    </Fieldset>
  )
}
