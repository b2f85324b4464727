import { memo, useCallback, useState } from 'react'
import { Button, Checkbox, Group, NumberInput, Pagination, Paper, Stack, Table, Text, TextInput } from '@mantine/core'
import { IconDeviceFloppy } from '@tabler/icons-react'
import { BulkEditInput, ReservationWindow, type BulkEditRow } from '@storageops/contracts/locations'
import { LOCATION_MESSAGES, RESERVATION_WINDOW_MAX, RESERVATION_WINDOW_MIN } from '@storageops/contracts/location-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { UnsavedChangesGuard, unsavedChangesText } from '../../../components/ui/unsaved-changes-guard.tsx'
import { withReason } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
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

/** Rows per page: a page of inputs stays quick to render; edits on every page are kept until saved. */
const PAGE_SIZE = 25

const isValidWindow = (value: number) => ReservationWindow.safeParse(value).success

type RowChange = (locationCode: string, change: Partial<BulkEditRow>) => void

/** Rows whose values differ from the saved ones (an edit typed back to the saved value is no change). */
function countChangedRows(rows: BulkEditRow[], saved: BulkEditRow[]): number {
  const savedByCode = new Map(saved.map((row) => [row.location_code, row]))
  return rows.filter((row) => {
    const before = savedByCode.get(row.location_code)
    return !before || (Object.keys(row) as (keyof BulkEditRow)[]).some((key) => !Object.is(row[key], before[key]))
  }).length
}

const BulkEditTableRow = memo(function BulkEditTableRow({ row, onChange }: { row: BulkEditRow; onChange: RowChange }) {
  const code = row.location_code
  return (
    <Table.Tr>
      <Table.Td
        style={{
          position: 'sticky',
          left: 0,
          background: 'var(--mantine-color-body)',
          zIndex: 3,
          minWidth: 'min(220px, 42vw)',
          boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
        }}
      >
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
          onChange={(value) => onChange(code, { reservation_window: value === '' ? Number.NaN : Number(value) })}
        />
      </Table.Td>
      {FLAG_COLUMNS.map((column) => (
        <Table.Td key={column.key} ta="center">
          <Checkbox
            aria-label={`${heading(column.label)} ${code}`}
            checked={row[column.key]}
            onChange={(event) => onChange(code, { [column.key]: event.currentTarget.checked })}
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
            onChange={(event) => onChange(code, { [column.key]: event.currentTarget.value })}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  )
})

/** Location Bulk Edit (spec: admin-console-part-1 §2, part-2 §2, §8): 'Update All Pages' saves the rows of every page at once. */
export function BulkEditTable({ initialRows }: { initialRows: BulkEditRow[] }) {
  const [rows, setRows] = useState(initialRows)
  const [savedRows, setSavedRows] = useState(initialRows)
  const [error, setError] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const save = useSaveBulkEdit()

  const handleChange = useCallback<RowChange>((locationCode, change) => {
    setError(null)
    setRows((current) => current.map((row) => (row.location_code === locationCode ? { ...row, ...change } : row)))
  }, [])

  const term = search.trim().toLowerCase()
  const matching = term
    ? rows.filter((row) => [row.name, row.location_code, row.city].some((value) => value.toLowerCase().includes(term)))
    : rows
  const pageCount = Math.max(1, Math.ceil(matching.length / PAGE_SIZE))
  const currentPage = Math.min(page, pageCount)
  const shown = matching.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE)

  const changed = countChangedRows(rows, savedRows)

  const saveAll = () => {
    const body = { rows: rows.map(({ id: _id, name: _name, city: _city, state: _state, ...row }) => row) }
    const checked = BulkEditInput.safeParse(body)
    if (!checked.success) {
      const issue = checked.error.issues[0]!
      const invalid = rows[Number(issue.path[1])]
      return setError(invalid ? `${invalid.name} (${invalid.location_code}): ${issue.message}` : issue.message)
    }
    save.mutate(body, {
      onSuccess: (result) => {
        setSavedRows(rows)
        showToast(result.message, 'success')
      },
      onError: (failure) => setError(withReason(LOCATION_MESSAGES.allSaveFailed, failure)),
    })
  }

  return (
    <Stack gap="md">
      <UnsavedChangesGuard changed={save.isPending ? 0 : changed} noun="location" />
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search locations"
          placeholder="Name, code or city"
          w={{ base: '100%', sm: 320 }}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            setPage(1)
          }}
        />
        <Group gap="sm">
          {changed > 0 && (
            <Text fz="sm" c="gray.7">
              {unsavedChangesText(changed, 'location')}
            </Text>
          )}
          <Button leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={save.isPending} onClick={saveAll}>
            {LOCATION_MESSAGES.updateAllPages}
          </Button>
        </Group>
      </Group>
      <FormError message={error} />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={2000}>
          <Table striped verticalSpacing={6} aria-label="Location Bulk Edit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th
                  style={{
                    position: 'sticky',
                    left: 0,
                    background: 'var(--mantine-color-body)',
                    zIndex: 4,
                    minWidth: 'min(220px, 42vw)',
                    boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
                  }}
                >
                  Location
                </Table.Th>
                <Table.Th>Reservation Window</Table.Th>
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
              {shown.map((row) => (
                <BulkEditTableRow key={row.location_code} row={row} onChange={handleChange} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {shown.length === 0 && <Text c="gray.7">No location matches the search.</Text>}
      <Group justify="space-between">
        <Text fz="sm" c="gray.7">
          {matching.length} locations
        </Text>
        {pageCount > 1 && (
          <Pagination
            total={pageCount}
            value={currentPage}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        )}
      </Group>
    </Stack>
  )
}
