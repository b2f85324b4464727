import { useState } from 'react'
import { Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { useSearchParams } from 'react-router'
import type { EcriCandidate, EcriRun } from '@storageops/contracts/ecri'
import { ECRI_EXCLUSION_LABELS } from '@storageops/contracts/ecri-rules'
import { formatCents } from '@storageops/contracts/rates'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useEcriCandidates } from '../api/get-ecri-candidates.ts'
import { useUpdateEcriCandidate } from '../api/update-ecri-candidate.ts'

const PAGE_SIZE = 25
const STATUSES = [
  { value: 'all', label: 'All leases' },
  { value: 'eligible', label: 'Eligible' },
  { value: 'chosen', label: 'Chosen' },
  { value: 'unticked', label: 'Unticked' },
  { value: 'excluded', label: 'Left out' },
]
const SORTS = [
  { value: 'location_code', label: 'Facility and unit' },
  { value: 'change_cents', label: 'Increase ($)' },
  { value: 'change_bp', label: 'Increase (%)' },
  { value: 'tenure_months', label: 'Tenure' },
]
const percent = (bp: number) => `${(bp / 100).toFixed(2)} %`

/** A lease's new rent: the proposed one, or staff's within the guardrails (sent on blur or Enter; empty: proposed). */
function NewRentInput({ row, runId, locked }: { row: EcriCandidate; runId: number; locked: boolean }) {
  const update = useUpdateEcriCandidate(runId)
  const [value, setValue] = useState<string | number>(row.new_cents / 100)
  const save = () => {
    const cents = value === '' ? null : Math.round(Number(value) * 100)
    if (cents === row.new_cents || (cents === null && !row.overridden)) return
    update.mutate(
      { id: row.id, new_cents: cents },
      {
        onError: (error) => {
          showToast(errorMessage(error, 'The new rent was not saved.'), 'error')
          setValue(row.new_cents / 100)
        },
      },
    )
  }
  return (
    <NumberInput
      aria-label={`New rent of lease ${row.lease_no}`}
      value={value}
      onChange={setValue}
      onBlur={save}
      onKeyDown={(event) => event.key === 'Enter' && save()}
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      min={0}
      hideControls
      disabled={locked || update.isPending}
      w={110}
      size="xs"
    />
  )
}

function ChosenBox({ row, runId, locked }: { row: EcriCandidate; runId: number; locked: boolean }) {
  const update = useUpdateEcriCandidate(runId)
  if (row.excluded) return null
  return (
    <Checkbox
      aria-label={`Increase lease ${row.lease_no}`}
      checked={update.isPending ? !row.chosen : row.chosen}
      disabled={locked || update.isPending}
      onChange={(event) =>
        update.mutate(
          { id: row.id, chosen: event.currentTarget.checked },
          { onError: (error) => showToast(errorMessage(error, 'The lease was not changed.'), 'error') },
        )
      }
    />
  )
}

/**
 * The run's leases, paged, filtered and sorted on the server (DESIGN §13; state in the URL): tick or untick an
 * eligible lease, or set its new rent within the guardrails; a left-out lease says why.
 */
export function EcriCandidates({ run }: { run: EcriRun }) {
  const [params, setParams] = useSearchParams()
  const status = params.get('status') ?? 'all'
  const sort = params.get('sort') ?? 'location_code'
  const order = params.get('order') ?? (sort === 'location_code' ? 'asc' : 'desc')
  const facility = params.get('facility') ?? ''
  const list = useListParams({ sorts: [], pageSize: PAGE_SIZE })
  const page = list.page
  const [facilityText, setFacilityText] = useState(facility)
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        if (!('page' in changes)) next.delete('page')
        return next
      },
      { replace: true },
    )
  const query = new URLSearchParams({
    limit: String(PAGE_SIZE),
    offset: String((page - 1) * PAGE_SIZE),
    status,
    sort,
    order,
    ...(facility ? { location_code: facility } : {}),
  }).toString()
  const candidates = useEcriCandidates(run.id, query, run.status === 'ready')
  const locked = run.upload_id !== null
  const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents))
  const reason = (row: EcriCandidate) =>
    row.excluded ? (
      <Text fz="sm" c="gray.8">
        <Text span fw={600}>
          {ECRI_EXCLUSION_LABELS[row.excluded]}:
        </Text>{' '}
        {row.reason}
      </Text>
    ) : null
  return (
    <Stack gap="md">
      <Group gap="sm" align="end" wrap="wrap">
        <Select
          label="Show"
          data={STATUSES}
          value={status}
          onChange={(value) => set({ status: value === 'all' ? null : value })}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label="Sort by"
          data={SORTS}
          value={sort}
          onChange={(value) => set({ sort: value === 'location_code' ? null : value, order: null })}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label="Order"
          data={[
            { value: 'asc', label: 'Ascending' },
            { value: 'desc', label: 'Descending' },
          ]}
          value={order}
          onChange={(value) => set({ order: value })}
          allowDeselect={false}
          w={{ base: '100%', xs: 140 }}
        />
        <TextInput
          label="Facility"
          placeholder="Location code"
          value={facilityText}
          onChange={(event) => setFacilityText(event.currentTarget.value)}
          onBlur={() => set({ facility: facilityText.trim().toUpperCase() || null })}
          onKeyDown={(event) => event.key === 'Enter' && set({ facility: facilityText.trim().toUpperCase() || null })}
          w={{ base: '100%', xs: 160 }}
        />
      </Group>
      <PagedTable
        query={candidates}
        list={list}
        loadingLabel="Loading leases…"
        label="Leases"
        rowKey={(row) => row.id}
        empty="No lease matches."
        minWidth={1100}
        wideFrom="md"
        columns={[
          {
            key: 'chosen',
            header: 'Send',
            cell: (row) => <ChosenBox key={`${row.id}-${row.chosen}`} row={row} runId={run.id} locked={locked} />,
          },
          { key: 'facility', header: 'Facility', cell: (row) => row.location_code, nowrap: true },
          { key: 'unit', header: 'Unit', cell: (row) => row.unit_no },
          { key: 'tenant', header: 'Tenant', cell: (row) => row.tenant_name },
          { key: 'old', header: 'Rent', cell: (row) => money(row.old_cents), align: 'right' },
          {
            key: 'new',
            header: 'New rent',
            cell: (row) =>
              row.excluded ? (
                '—'
              ) : (
                <NewRentInput key={`${row.id}-${row.new_cents}`} row={row} runId={run.id} locked={locked} />
              ),
          },
          {
            key: 'change',
            header: 'Change',
            cell: (row) => (row.excluded ? '—' : `${money(row.change_cents)} (${percent(row.change_bp)})`),
            nowrap: true,
          },
          { key: 'street', header: 'Street rate', cell: (row) => money(row.street_cents), align: 'right' },
          { key: 'tenure', header: 'Tenure (mo.)', cell: (row) => row.tenure_months, align: 'right' },
          { key: 'since', header: 'Since increase (mo.)', cell: (row) => row.months_since_increase, align: 'right' },
          { key: 'reason', header: 'Left out because', cell: reason },
        ]}
        card={(row) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                {row.location_code} · unit {row.unit_no}
              </Text>
              <ChosenBox key={`${row.id}-${row.chosen}`} row={row} runId={run.id} locked={locked} />
            </Group>
            <Text fz="sm">{row.tenant_name}</Text>
            <Text fz="sm">
              {money(row.old_cents)} → {money(row.new_cents)}
              {row.excluded ? '' : ` (${percent(row.change_bp)})`} · street {money(row.street_cents)}
            </Text>
            <Text fz="sm" c="gray.8">
              Tenure {row.tenure_months} months · {row.months_since_increase} months since an increase
            </Text>
            {row.excluded ? (
              reason(row)
            ) : (
              <NewRentInput key={`${row.id}-${row.new_cents}`} row={row} runId={run.id} locked={locked} />
            )}
          </Stack>
        )}
      />
    </Stack>
  )
}
