import { useState } from 'react'
import { Button, Checkbox, Group, Text, TextInput, Stack } from '@mantine/core'
import { IconDeviceFloppy } from '@tabler/icons-react'
import { LOCATION_MESSAGES, UNIT_TYPE_NOTE_MAX } from '@storageops/contracts/location-rules'
import {
  SaveUnitTypeInput,
  type SavedUnitType,
  type SsmUnitType,
  type UnitFilter,
} from '@storageops/contracts/unit-types'
import { FormError } from '../../../components/ui/form-error.tsx'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'
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

/** The Unit Types table (spec: admin-console-part-1 §2, §4, §5): edits are held per row until Save; cards on phones. */
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

  const noteInput = (type: SsmUnitType, label?: string) => {
    const { note } = current(type.UnitTypeId)
    return (
      <TextInput
        size="xs"
        miw={label ? undefined : 220}
        label={label}
        aria-label={`Note ${type.UnitTypeCode} (${type.UnitTypeId})`}
        maxLength={UNIT_TYPE_NOTE_MAX}
        value={note}
        onChange={(event) => change(type.UnitTypeId, { note: event.currentTarget.value })}
        rightSection={
          note.length > UNIT_TYPE_NOTE_MAX - 20 ? (
            <Text fz={10} c="gray.7">
              {note.length}
            </Text>
          ) : null
        }
      />
    )
  }
  const filterCheckbox = (type: SsmUnitType, filter: UnitFilter, label?: string) => {
    const { filterIds } = current(type.UnitTypeId)
    return (
      <Checkbox
        key={filter.id}
        style={{ display: 'inline-block' }}
        label={label}
        aria-label={`${filter.name} ${type.UnitTypeCode} (${type.UnitTypeId})`}
        checked={filterIds.includes(filter.id)}
        onChange={(event) => {
          const checked = event.currentTarget.checked
          change(type.UnitTypeId, {
            filterIds: checked ? [...filterIds, filter.id] : filterIds.filter((id) => id !== filter.id),
          })
        }}
      />
    )
  }

  return (
    <Stack gap="md">
      <UnsavedChangesGuard changed={save.isPending ? 0 : edits.size} noun="unit type" />
      <FormError message={error} />
      <ResponsiveTable
        label="Unit Types"
        rows={unitTypes}
        rowKey={(type) => type.UnitTypeId}
        minWidth={640 + filters.length * 96}
        highlight={(type) => edits.has(type.UnitTypeId)}
        columns={[
          { key: 'index', header: '#', cell: (type) => unitTypes.indexOf(type) + 1 },
          { key: 'id', header: 'Unit Type ID', cell: (type) => type.UnitTypeId },
          { key: 'code', header: 'Unit Type Code', cell: (type) => type.UnitTypeCode },
          { key: 'category', header: 'Category Name', cell: (type) => type.CategoryName },
          { key: 'note', header: 'Note', cell: (type) => noteInput(type) },
          ...filters.map((filter) => ({
            key: `filter-${filter.id}`,
            header: (
              <Text span fz="xs" fw={700}>
                {filter.name}
              </Text>
            ),
            align: 'center' as const,
            cell: (type: SsmUnitType) => filterCheckbox(type, filter),
          })),
        ]}
        card={(type) => (
          <Stack gap="xs">
            <Text fw={700}>
              {type.UnitTypeCode}{' '}
              <Text span fz="sm" fw={400} c="gray.7">
                #{unitTypes.indexOf(type) + 1} · ID {type.UnitTypeId} · {type.CategoryName}
              </Text>
            </Text>
            {noteInput(type, 'Note')}
            <Group gap="md">{filters.map((filter) => filterCheckbox(type, filter, filter.name))}</Group>
          </Stack>
        )}
      />
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
