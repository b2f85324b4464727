import { useState } from 'react'
import { Button, Checkbox, Group, Paper, Table, Text, TextInput, Stack } from '@mantine/core'
import { IconDeviceFloppy } from '@tabler/icons-react'
import { LOCATION_MESSAGES, UNIT_TYPE_NOTE_MAX } from '@storageops/contracts/location-rules'
import {
  SaveUnitTypeInput,
  type SavedUnitType,
  type SsmUnitType,
  type UnitFilter,
} from '@storageops/contracts/unit-types'
import { FormError } from '../../../components/ui/form-error.tsx'
import { UnsavedChangesGuard, unsavedChangesText } from '../../../components/ui/unsaved-changes-guard.tsx'
import { withReason } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSaveUnitTypes } from '../api/save-unit-type.ts'

interface RowEdit {
  note: string
  filterIds: number[]
}

interface UnitTypesTableProps {
  locationCode: string
  unitTypes: SsmUnitType[]
  saved: SavedUnitType[]
  filters: UnitFilter[]
}

/** The Unit Types table (spec: admin-console-part-1 §2, §4, §5): edits are held per row until Save. */
export function UnitTypesTable({ locationCode, unitTypes, saved, filters }: UnitTypesTableProps) {
  const [edits, setEdits] = useState<Map<number, RowEdit>>(() => new Map())
  const [error, setError] = useState<string | null>(null)
  const save = useSaveUnitTypes(locationCode)

  const current = (unitTypeId: number): RowEdit => {
    const edit = edits.get(unitTypeId)
    if (edit) return edit
    const stored = saved.find((row) => row.unit_type_id === unitTypeId)
    return { note: stored?.note ?? '', filterIds: stored?.unit_filters.map((filter) => filter.id) ?? [] }
  }
  const change = (unitTypeId: number, next: Partial<RowEdit>) => {
    setError(null)
    setEdits((map) => new Map(map).set(unitTypeId, { ...current(unitTypeId), ...next }))
  }

  const saveAll = () => {
    const rows = [...edits.entries()].map(([unitTypeId, edit]) => ({
      location_code: locationCode,
      unit_type_id: unitTypeId,
      note: edit.note,
      unit_filter_ids: edit.filterIds,
      unit_filter_keys: filters
        .filter((filter) => edit.filterIds.includes(filter.id))
        .map((filter) => filter.filter_key),
    }))
    for (const row of rows) {
      const checked = SaveUnitTypeInput.safeParse(row)
      if (!checked.success) return setError(`Unit type ${row.unit_type_id}: ${checked.error.issues[0]!.message}`)
    }
    save.mutate(rows, {
      onSuccess: () => {
        setEdits(new Map())
        showToast(LOCATION_MESSAGES.allSaved, 'success')
      },
      onError: (failure) => setError(withReason(LOCATION_MESSAGES.allSaveFailed, failure)),
    })
  }

  return (
    <Stack gap="md">
      <UnsavedChangesGuard changed={save.isPending ? 0 : edits.size} noun="unit type" />
      <FormError message={error} />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640 + filters.length * 96}>
          <Table striped verticalSpacing="xs" aria-label="Unit Types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Unit Type ID</Table.Th>
                <Table.Th>Unit Type Code</Table.Th>
                <Table.Th>Category Name</Table.Th>
                <Table.Th>Note</Table.Th>
                {filters.map((filter) => (
                  <Table.Th key={filter.id} ta="center" fz="xs">
                    {filter.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unitTypes.map((type, index) => {
                const row = current(type.UnitTypeId)
                const isChanged = edits.has(type.UnitTypeId)
                return (
                  <Table.Tr key={type.UnitTypeId} bg={isChanged ? 'yellow.0' : undefined}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{type.UnitTypeId}</Table.Td>
                    <Table.Td>{type.UnitTypeCode}</Table.Td>
                    <Table.Td>{type.CategoryName}</Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        miw={220}
                        aria-label={`Note ${type.UnitTypeCode} (${type.UnitTypeId})`}
                        maxLength={UNIT_TYPE_NOTE_MAX}
                        value={row.note}
                        onChange={(event) => change(type.UnitTypeId, { note: event.currentTarget.value })}
                        rightSection={
                          row.note.length > UNIT_TYPE_NOTE_MAX - 20 ? (
                            <Text fz={10} c="gray.7">
                              {row.note.length}
                            </Text>
                          ) : null
                        }
                      />
                    </Table.Td>
                    {filters.map((filter) => (
                      <Table.Td key={filter.id} ta="center">
                        <Checkbox
                          style={{ display: 'inline-block' }}
                          aria-label={`${filter.name} ${type.UnitTypeCode} (${type.UnitTypeId})`}
                          checked={row.filterIds.includes(filter.id)}
                          onChange={(event) => {
                            const checked = event.currentTarget.checked
                            change(type.UnitTypeId, {
                              filterIds: checked
                                ? [...row.filterIds, filter.id]
                                : row.filterIds.filter((id) => id !== filter.id),
                            })
                          }}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {unitTypes.length === 0 && (
        <Text c="gray.7">The storage-management system lists no unit types for this location.</Text>
      )}
      <Group justify="space-between">
        <Text fz="sm" c="gray.7">
          {edits.size === 0 ? 'No unsaved changes.' : unsavedChangesText(edits.size, 'unit type')}
        </Text>
        <Button
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          onClick={saveAll}
          loading={save.isPending}
          disabled={edits.size === 0}
        >
          Save
        </Button>
      </Group>
    </Stack>
  )
}
