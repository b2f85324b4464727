import { useDeferredValue, useMemo } from 'react'
import { Button, Group, Stack, Title } from '@mantine/core'
import { IconCamera, IconLock } from '@tabler/icons-react'
import { Link } from 'react-router'
import { countOf } from '@storageops/contracts/counts'
import { matchesFacilitySearch } from '@storageops/contracts/facility-search'
import { WALKTHROUGH_TEXT } from '@storageops/contracts/walkthrough-rules'
import { EmptyPanel } from '../../../components/ui/empty-panel.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { ListHeader } from '../../../components/ui/list-header.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { useFacilitiesOverview } from '../../../features/dashboard/api/get-facilities-overview.ts'
import { AnalyticsFrame } from '../../../features/dashboard/components/analytics-frame.tsx'
import {
  FACILITY_OVERVIEW_SORTS,
  FacilityOverviewTable,
} from '../../../features/dashboard/components/facility-overview-table.tsx'

/** Dashboard (spec: snapshot-field-tool §2); the facility table's search and sort live in the address (issue 30). */
export function DashboardPage() {
  const overview = useFacilitiesOverview()
  // The whole table is in memory and drawn as it scrolls: no pages.
  const list = useListParams({ sorts: FACILITY_OVERVIEW_SORTS, pageSize: 0 })
  const query = useDeferredValue(list.q.trim())
  const rows = useMemo(
    () =>
      (overview.data ?? []).filter((row) =>
        matchesFacilitySearch({ location_code: row.site_code, name: row.facility_name }, query),
      ),
    [overview.data, query],
  )
  const total = overview.data?.length ?? 0
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[{ label: 'Facility Search', to: '/' }, { label: 'Dashboard' }]}
        title="Dashboard"
        description="Analytics and the state of every facility"
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to="/snapshot/lock-checks"
              variant="default"
              leftSection={<IconLock size={18} aria-hidden />}
            >
              {WALKTHROUGH_TEXT.due}
            </Button>
            <Button component={Link} to="/snapshot/inspection" leftSection={<IconCamera size={18} aria-hidden />}>
              New inspection
            </Button>
          </Group>
        }
      />
      <AnalyticsFrame />
      <Title order={2} fz="h3">
        Facilities
      </Title>
      <ListHeader
        search={{
          label: 'Search the facility table',
          placeholder: 'Search by site code or name',
          value: list.q,
          onChange: list.setQ,
        }}
        count={
          overview.data &&
          (query
            ? `${rows.length.toLocaleString('en-US')} of ${countOf(total, 'facility', 'facilities')} match “${query}”`
            : countOf(total, 'facility', 'facilities'))
        }
      />
      {overview.isPending ? (
        <PageLoader label="Loading facilities…" />
      ) : overview.isError ? (
        <FormError title="The facility table could not be loaded" message={overview.error.message} />
      ) : total === 0 ? (
        <EmptyPanel>No facilities.</EmptyPanel>
      ) : rows.length === 0 ? (
        <EmptyPanel>{`No facility matches “${query}”.`}</EmptyPanel>
      ) : (
        <FacilityOverviewTable
          rows={rows}
          sort={list.sort ? { id: list.sort, desc: list.order === 'desc' } : null}
          onSortChange={(next) => list.setSort(next?.id ?? null, next?.desc ? 'desc' : 'asc')}
        />
      )}
    </Stack>
  )
}
