import { useState } from 'react'
import { BarChart } from '@mantine/charts'
import { Alert, Anchor, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ecriRuleSetsResource, type EcriRentRoll, type EcriRun } from '@storageops/contracts/ecri'
import {
  ECRI_EXCLUSIONS,
  ECRI_EXCLUSION_LABELS,
  ECRI_HISTOGRAM_BUCKETS,
  ECRI_INCREASE_BANDS,
  histogramLabel,
} from '@storageops/contracts/ecri-rules'
import { formatCents } from '@storageops/contracts/rates'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import { formatDateTime } from '@storageops/contracts/date-time'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useListParams } from '../../../lib/list-params.ts'
import { useResourceList } from '../../../lib/resource-queries.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCreateEcriUpload } from '../api/create-ecri-upload.ts'
import { ECRI_FACILITY_PAGE_SIZE, useEcriFacilities } from '../api/get-ecri-facilities.ts'
import { useEcriRentRoll, useRefreshEcriRentRoll } from '../api/get-ecri-rent-roll.ts'
import { useEcriRun } from '../api/get-ecri-run.ts'
import { useEcriRuns } from '../api/get-ecri-runs.ts'
import { useStartEcriRun } from '../api/start-ecri-run.ts'
import { EcriCandidates } from './ecri-candidates.tsx'

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fz="xs" c="gray.8" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  )
}

const count = (value: number) => value.toLocaleString('en-US')

/** One fetched time, or the oldest to the newest when they differ. */
function fetchedBetween(from: string | null, to: string | null): string {
  if (!from || !to) return 'never'
  const [first, last] = [formatDateTime(from), formatDateTime(to)]
  return first === last ? first : `${first} to ${last}`
}

/** The kept rent roll a run reads (decision 030): how old it is, and a refresh from the system on request. */
function RentRollAge({ rentRoll }: { rentRoll: EcriRentRoll }) {
  const refresh = useRefreshEcriRentRoll()
  const running = rentRoll.refresh?.status === 'running'
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text fz="sm" role="status">
          {running
            ? `Refreshing the rent roll from the storage-management system: ${count(rentRoll.refresh!.facilities)} facilities read…`
            : `Rent roll: ${count(rentRoll.leases)} leases at ${count(rentRoll.facilities)} facilities, fetched ${fetchedBetween(rentRoll.fetched_from, rentRoll.fetched_to)}; refreshed nightly.`}
          {rentRoll.never_fetched > 0 &&
            ` ${count(rentRoll.never_fetched)} facilities not fetched yet: the next run fetches them first.`}
        </Text>
        <Button
          variant="light"
          loading={refresh.isPending || running}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: () => showToast('Refreshing the rent roll.', 'success'),
              onError: (error) => showToast(errorMessage(error, 'The refresh was not started.'), 'error'),
            })
          }
        >
          Refresh rent roll
        </Button>
      </Group>
      {rentRoll.refresh?.status === 'failed' && (
        <Alert color="red" title="The last refresh failed">
          {rentRoll.refresh.error} The rent roll kept before it is used.
        </Alert>
      )}
    </Stack>
  )
}

function RunPreview({ run }: { run: EcriRun }) {
  const navigate = useNavigate()
  const [, setParams] = useSearchParams()
  const facilityList = useListParams({ sorts: [], pageSize: ECRI_FACILITY_PAGE_SIZE, prefix: 'f' })
  const facilities = useEcriFacilities(run.id, facilityList.page, true)
  const upload = useCreateEcriUpload(run.id)
  const excluded = ECRI_EXCLUSIONS.filter((reason) => run.excluded[reason])
  const histogram = Array.from({ length: ECRI_HISTOGRAM_BUCKETS }, (_, index) => ({
    increase: histogramLabel(index),
    Tenants: run.histogram[index] ?? 0,
  }))
  const createUpload = () =>
    upload.mutate(undefined, {
      onSuccess: (created) => {
        showToast(`Tenant-rate upload created: ${count(created.counts.pending)} changes pending.`, 'success')
        void navigate('/tenant-rate-upload')
      },
      onError: (error) => showToast(errorMessage(error, 'The upload was not created.'), 'error'),
    })
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Figure label="Leases" value={count(run.leases)} />
        <Figure label="Eligible" value={count(run.eligible)} />
        <Figure label="Chosen" value={count(run.chosen)} />
        <Figure label="Monthly change" value={formatCents(run.monthly_change_cents)} />
        <Figure label="Annualised change" value={formatCents(run.annual_change_cents)} />
        <Figure label="Effective date" value={formatCalendarDate(run.effective_date)} />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fz="sm" c="gray.8">
          {run.rule_set_name} (version {run.rule_set_version ?? '—'}) on {formatCalendarDate(run.today)} by{' '}
          {run.created_by}; guardrails: at most {run.max_increase_percent} % up, {run.guardrail_notice_days} days'
          notice; inputs: the rent roll fetched {fetchedBetween(run.rent_roll_fetched_from, run.rent_roll_fetched_to)}.
        </Text>
        {run.upload_id === null ? (
          <Button onClick={createUpload} loading={upload.isPending} disabled={run.chosen === 0}>
            Create tenant-rate upload
          </Button>
        ) : (
          <Anchor component={Link} to="/tenant-rate-upload" fw={600}>
            Turned into tenant-rate upload {run.upload_id}
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard title="Tenants by increase">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Increase</Table.Th>
                <Table.Th ta="right">Tenants</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ECRI_INCREASE_BANDS.map((band, index) => (
                <Table.Tr key={band.label}>
                  <Table.Td>{band.label}</Table.Td>
                  <Table.Td ta="right">{count(run.bands[index] ?? 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </SectionCard>
        <SectionCard title="Increases in dollars">
          <div role="img" aria-label="Histogram of the chosen increases in $5 steps">
            <BarChart
              h={220}
              data={histogram}
              dataKey="increase"
              series={[{ name: 'Tenants', color: 'teal.7' }]}
              xAxisProps={{ interval: 0, angle: -35, textAnchor: 'end', height: 50, fontSize: 11 }}
            />
          </div>
        </SectionCard>
      </SimpleGrid>
      <SectionCard title="Left out">
        {excluded.length === 0 ? (
          <Text fz="sm">No lease was left out.</Text>
        ) : (
          <Group gap="lg" wrap="wrap">
            {excluded.map((reason) => (
              <Anchor
                key={reason}
                component={Link}
                to={`?run=${run.id}&status=excluded&excluded=${reason}`}
                fz="sm"
                onClick={(event) => {
                  event.preventDefault()
                  setParams({ run: String(run.id), status: 'excluded', excluded: reason }, { replace: true })
                }}
              >
                {ECRI_EXCLUSION_LABELS[reason]}: {count(run.excluded[reason] ?? 0)}
              </Anchor>
            ))}
          </Group>
        )}
      </SectionCard>
      <SectionCard title="By facility">
        <PagedTable
          query={facilities}
          list={facilityList}
          loadingLabel="Loading facilities…"
          label="Facilities"
          rowKey={(row) => row.location_code}
          empty="No facility has leases."
          wideFrom="sm"
          columns={[
            { key: 'facility', header: 'Facility', cell: (row) => `${row.name} (${row.location_code})` },
            { key: 'leases', header: 'Leases', cell: (row) => count(row.leases), align: 'right' },
            { key: 'chosen', header: 'Chosen', cell: (row) => count(row.chosen), align: 'right' },
            { key: 'monthly', header: 'Monthly', cell: (row) => formatCents(row.monthly_change_cents), align: 'right' },
            {
              key: 'annual',
              header: 'Annualised',
              cell: (row) => formatCents(row.annual_change_cents),
              align: 'right',
            },
          ]}
          card={(row) => (
            <Stack gap={2}>
              <Text fw={600}>{`${row.name} (${row.location_code})`}</Text>
              <Text fz="sm">
                {count(row.chosen)} of {count(row.leases)} leases · {formatCents(row.monthly_change_cents)} a month ·{' '}
                {formatCents(row.annual_change_cents)} a year
              </Text>
            </Stack>
          )}
        />
      </SectionCard>
      <SectionCard title="Leases">
        <EcriCandidates run={run} />
      </SectionCard>
    </Stack>
  )
}

/** The ECRI planner at /ecri (decision 025); the run shown is in the URL (`run`). */
export function EcriPlanner() {
  const [params, setParams] = useSearchParams()
  const ruleSets = useResourceList(ecriRuleSetsResource)
  const runs = useEcriRuns()
  const start = useStartEcriRun()
  const rentRoll = useEcriRentRoll()
  const [ruleSetId, setRuleSetId] = useState<string | null>(null)
  const chosenRuleSet = ruleSetId ?? (ruleSets.data?.[0] ? String(ruleSets.data[0].id) : null)
  const runId = Number(params.get('run')) || runs.data?.[0]?.id || null
  const run = useEcriRun(runId)
  const compute = () =>
    chosenRuleSet &&
    start.mutate(Number(chosenRuleSet), {
      onSuccess: ({ id }) => setParams({ run: String(id) }),
      onError: (error) => showToast(errorMessage(error, 'The run was not started.'), 'error'),
    })
  return (
    <Stack gap="lg">
      <PageHeader
        title="ECRI Planner"
        description="Existing-customer rate increases: candidates from the storage-management system's rent roll by a rule set, and the revenue they bring, before anything is sent."
        actions={
          <Button component={Link} to="/ecri/rule-sets" variant="light">
            Rule sets
          </Button>
        }
      />
      <SectionCard title="Compute candidates">
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label="Rule set"
            data={(ruleSets.data ?? []).map((ruleSet) => ({ value: String(ruleSet.id), label: ruleSet.name }))}
            value={chosenRuleSet}
            onChange={setRuleSetId}
            placeholder={ruleSets.isPending ? 'Loading…' : 'Create a rule set first'}
            allowDeselect={false}
            w={{ base: '100%', sm: 260 }}
          />
          <Button onClick={compute} loading={start.isPending} disabled={!chosenRuleSet}>
            Compute candidates
          </Button>
          {(runs.data?.length ?? 0) > 0 && (
            <Select
              label="Run"
              data={(runs.data ?? []).map((entry) => ({
                value: String(entry.id),
                label: `#${entry.id} ${entry.rule_set_name}, ${formatCalendarDate(entry.created_at.slice(0, 10))}`,
              }))}
              value={runId ? String(runId) : null}
              onChange={(value) => value && setParams({ run: value })}
              allowDeselect={false}
              w={{ base: '100%', sm: 300 }}
            />
          )}
        </Group>
        {rentRoll.data && <RentRollAge rentRoll={rentRoll.data} />}
      </SectionCard>
      {run.isPending && runId !== null && <Loader aria-label="Loading the run…" />}
      {run.data?.status === 'computing' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Computing candidates for every lease of every facility…</Text>
        </Group>
      )}
      {run.data?.status === 'failed' && (
        <Alert color="red" title="The run failed">
          {run.data.error}
        </Alert>
      )}
      {runId === null && runs.isSuccess && <Text>No run yet: choose a rule set and compute its candidates.</Text>}
      {run.data?.status === 'ready' && <RunPreview key={run.data.id} run={run.data} />}
    </Stack>
  )
}
