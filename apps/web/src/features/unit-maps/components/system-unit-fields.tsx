import { Button, Fieldset, Group, NumberInput } from '@mantine/core'
import { IconCrosshair } from '@tabler/icons-react'
import {
  SYSTEM_ROTATION_MAX,
  SYSTEM_ROTATION_MIN,
  SYSTEM_SIZE_MAX,
  SYSTEM_SIZE_MIN,
  type SystemCategory,
} from '@storageops/contracts/unit-map-rules'

/** The editable placement of a Gate or a Rental Center: position (map units), rotation (degrees) and size. */
export interface SystemPlacement {
  left_coordinate: number | ''
  top_coordinate: number | ''
  system_rotation: number | ''
  size: number | ''
}

const toNumber = (value: string | number): number | '' => (value === '' ? '' : Number(value))

/** Placement inputs of a Gate or Rental Center, with Pick on map (spec: admin-console-part-1 §2, §5). */
export function SystemUnitFields({
  category,
  value,
  onChange,
  picking,
  onPick,
}: {
  category: SystemCategory
  value: SystemPlacement
  onChange: (next: SystemPlacement) => void
  picking: boolean
  onPick: () => void
}) {
  const set = (key: keyof SystemPlacement) => (next: string | number) => onChange({ ...value, [key]: toNumber(next) })
  return (
    <Fieldset legend={category} radius="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label="X (left)"
          aria-label={`${category} X (left)`}
          value={value.left_coordinate}
          onChange={set('left_coordinate')}
          w={120}
          decimalScale={2}
        />
        <NumberInput
          label="Y (top)"
          aria-label={`${category} Y (top)`}
          value={value.top_coordinate}
          onChange={set('top_coordinate')}
          w={120}
          decimalScale={2}
        />
        <NumberInput
          label="Rotation (0–360)"
          aria-label={`${category} Rotation (0–360)`}
          value={value.system_rotation}
          onChange={set('system_rotation')}
          min={SYSTEM_ROTATION_MIN}
          max={SYSTEM_ROTATION_MAX}
          clampBehavior="strict"
          suffix="°"
          w={140}
        />
        <NumberInput
          label="Size (1–999)"
          aria-label={`${category} Size (1–999)`}
          value={value.size}
          onChange={set('size')}
          min={SYSTEM_SIZE_MIN}
          max={SYSTEM_SIZE_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          w={130}
        />
        <Button
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
