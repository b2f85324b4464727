import { memo, useCallback, useState, type CSSProperties } from 'react'
import { Button, Checkbox, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core'
import { IconDeviceFloppy } from '@tabler/icons-react'
import { foundCountOf } from '@storageops/contracts/counts'
import {
  BULK_EDIT_PAGE_SIZE,
  BULK_EDIT_SORTS,
  BulkEditInput,
  ReservationWindow,
  type BulkEditRow,
  type BulkEditSort,
} from '@storageops/contracts/locations'
import { LOCATION_MESSAGES, RESERVATION_WINDOW_MAX, RESERVATION_WINDOW_MIN } from '@storageops/contracts/location-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PagedList } from '../../../components/ui/paged-table.tsx'
import { ariaSortOf, SortHeaderButton } from '../../../components/ui/sort-header.tsx'
import { UnsavedChangesGuard, unsavedChangesText } from '../../../components/ui/unsaved-changes-guard.tsx'
import { withReason } from '../../../lib/error-message.ts'
import { useListParams } from '../../../lib/list-params.ts'
import { showToast } from '../../../lib/toast.ts'
import { useBulkEditRows } from '../api/get-bulk-edit-rows.ts'
import { useSaveBulkEdit } from '../api/save-bulk-edit.ts'
import { contentFields } from '../content-fields.ts'

const FLAG_COLUMNS = contentFields([
  'unit_size_high_to_low',
  'unit_group_large_to_small',
  'recommended_unit',
  'unit_groups_expanded',
  'fee_for_24hr_access',
])
const TEXT_COLUMNS = contentFields([
  'title',
  'meta_title',
  'meta_description',
  'access_hours',
  'customer_service_hours',
])
const TEXT_WIDTHS: Partial<Record<string, number>> = {
  meta_description: 280,
  access_hours: 180,
  customer_service_hours: 200,
}
/** Column headings capitalise every word ('Unit Size High To Low'); the spec calls one 'Reverse Group Order'. */
const heading = (label: string) => label.replace(/\b[a-z]/g, (letter) => letter.toUpperCase())

const isValidWindow = (value: number) => ReservationWindow.safeParse(value).success

/** A row edited on some page: as fetched, and as it stands now. */
interface Edit {
  saved: BulkEditRow
  row: BulkEditRow
}

type RowChange = (saved: BulkEditRow, change: Partial<BulkEditRow>) => void

/** Whether an edit differs from the saved row (an edit typed back to the saved value is no change). */
const isChanged = ({ saved, row }: Edit) =>
  (Object.keys(row) as (keyof BulkEditRow)[]).some((key) => !Object.is(row[key], saved[key]))

const stickyCell = {
  position: 'sticky',
  left: 0,
  background: 'var(--mantine-color-body)',
  minWidth: 'min(220px, 42vw)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
} as const

const BulkEditTableRow = memo(function BulkEditTableRow({
  saved,
  row,
  onChange,
}: {
  saved: BulkEditRow
  row: BulkEditRow
  onChange: RowChange
}) {
  const code = row.location_code
  const change = (update: Partial<BulkEditRow>) => onChange(saved, update)
  return (
    <Table.Tr>
      <Table.Td style={{ ...stickyCell, zIndex: 3 }}>
        <Text fz="sm" fw={500} lh={1.2}>
          {row.name}
        </Text>
        <Text fz="xs" c="gray.7">
          {code} · {row.city}, {row.state}
        </Text>
      </Table.Td>
      <Table.Td>
        <NumberInput
          size="xs"
          w={84}
          aria-label={`Reservation window ${code}`}
          min={RESERVATION_WINDOW_MIN}
          max={RESERVATION_WINDOW_MAX}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          value={Number.isNaN(row.reservation_window) ? '' : row.reservation_window}
          error={!isValidWindow(row.reservation_window) || undefined}
          onChange={(value) => change({ reservation_window: value === '' ? Number.NaN : Number(value) })}
        />
      </Table.Td>
      {FLAG_COLUMNS.map((column) => (
        <Table.Td key={column.key} ta="center">
          <Checkbox
            aria-label={`${heading(column.label)} ${code}`}
            checked={row[column.key]}
            onChange={(event) => change({ [column.key]: event.currentTarget.checked })}
            style={{ display: 'inline-block' }}
          />
        </Table.Td>
      ))}
      {TEXT_COLUMNS.map((column) => (
        <Table.Td key={column.key}>
          <TextInput
            size="xs"
            w={TEXT_WIDTHS[column.key] ?? 220}
            aria-label={`${heading(column.label)} ${code}`}
            value={row[column.key]}
            onChange={(event) => change({ [column.key]: event.currentTarget.value })}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  )
})

/** Location Bulk Edit (spec: admin-console-part-1 §2, part-2 §2, §8): edits on every page are kept until saved. */
export function BulkEditTable() {
  const list = useListParams({ sorts: BULK_EDIT_SORTS, pageSize: BULK_EDIT_PAGE_SIZE })
  const page = useBulkEditRows(list)
  const [edits, setEdits] = useState<ReadonlyMap<string, Edit>>(new Map())
  const [error, setError] = useState<string | null>(null)
  const save = useSaveBulkEdit()

  const handleChange = useCallback<RowChange>((saved, change) => {
    setError(null)
    setEdits((current) => {
      const edit = current.get(saved.location_code) ?? { saved, row: saved }
      return new Map(current).set(saved.location_code, { ...edit, row: { ...edit.row, ...change } })
    })
  }, [])

  const changedRows = [...edits.values()].filter(isChanged).map((edit) => edit.row)

  const saveAll = () => {
    // Every row already stands as shown: the spec's 'Saved!' without a request.
    if (changedRows.length === 0) return showToast(LOCATION_MESSAGES.bulkSaved, 'success')
    const body = { rows: changedRows.map(({ id: _id, name: _name, city: _city, state: _state, ...row }) => row) }
    const checked = BulkEditInput.safeParse(body)
    if (!checked.success) {
      const issue = checked.error.issues[0]!
      const invalid = changedRows[Number(issue.path[1])]
      return setError(invalid ? `${invalid.name} (${invalid.location_code}): ${issue.message}` : issue.message)
    }
    save.mutate(body, {
      onSuccess: (result) => {
        setEdits(new Map())
        showToast(result.message, 'success')
      },
      onError: (failure) => setError(withReason(LOCATION_MESSAGES.allSaveFailed, failure)),
    })
  }

  const sortHeader = (sort: BulkEditSort, label: string, style?: CSSProperties) => (
    <Table.Th p={0} style={style} aria-sort={ariaSortOf(list.sort === sort && list.order)}>
      <SortHeaderButton direction={list.sort === sort && list.order} onClick={() => list.toggleSort(sort)}>
        {label}
      </SortHeaderButton>
    </Table.Th>
  )

  return (
    <Stack gap="md">
      <UnsavedChangesGuard changed={save.isPending ? 0 : changedRows.length} noun="location" />
      <FormError message={error} />
      <PagedList
        query={page}
        list={list}
        label="Location Bulk Edit"
        loadingLabel="Loading locations…"
        search={{ label: 'Search locations', placeholder: 'Name, code, city or state' }}
        count={(count, q) => foundCountOf(count, q, 'location')}
        headerActions={
          <>
            {changedRows.length > 0 && (
              <Text fz="sm" c="gray.7">
                {unsavedChangesText(changedRows.length, 'location')}
              </Text>
            )}
            <Button leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={save.isPending} onClick={saveAll}>
              {LOCATION_MESSAGES.updateAllPages}
            </Button>
          </>
        }
      >
        {(rows) =>
          rows.length === 0 ? (
            <Text c="gray.7">{list.q.trim() ? 'No location matches the search.' : 'No locations yet.'}</Text>
          ) : (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={2000}>
                <Table striped verticalSpacing={6} aria-label="Location Bulk Edit">
                  <Table.Thead>
                    <Table.Tr>
                      {sortHeader('name', 'Location', { ...stickyCell, zIndex: 4 })}
                      {sortHeader('reservation_window', 'Reservation Window')}
                      {FLAG_COLUMNS.map((column) => (
                        <Table.Th key={column.key} ta="center" fz="xs">
                          {heading(column.label)}
                        </Table.Th>
                      ))}
                      {TEXT_COLUMNS.map((column) => (
                        <Table.Th key={column.key}>{heading(column.label)}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <BulkEditTableRow
                        key={row.location_code}
                        saved={edits.get(row.location_code)?.saved ?? row}
                        row={edits.get(row.location_code)?.row ?? row}
                        onChange={handleChange}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </PagedList>
    </Stack>
  )
}
