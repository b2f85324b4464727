import { Group, Radio } from '@mantine/core'

/** Floor radio buttons labelled 'Floor N' (spec: snapshot-field-tool §2; admin-console-part-1 §2). */
export function FloorRadios({
  floors,
  value,
  onChange,
}: {
  floors: readonly number[]
  value: number
  onChange: (floor: number) => void
}) {
  return (
    <Radio.Group label="Floor" value={String(value)} onChange={(next) => onChange(Number(next))}>
      <Group gap="md" mt={6}>
        {floors.map((floor) => (
          <Radio key={floor} value={String(floor)} label={`Floor ${floor}`} />
        ))}
      </Group>
    </Radio.Group>
  )
}
