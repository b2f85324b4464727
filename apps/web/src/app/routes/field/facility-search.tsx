import { useDeferredValue, useMemo } from 'react'
import { Button, EmptyState, Stack } from '@mantine/core'
import { IconLayoutList, IconSearchOff } from '@tabler/icons-react'
import { Link } from 'react-router'
import { matchesFacilitySearch } from '@storageops/contracts/facility-search'
import { isSnapshotHost } from '@storageops/contracts/hosts'
import { FormError } from '../../../components/ui/form-error.tsx'
import { ListHeader } from '../../../components/ui/list-header.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { FacilityResults } from '../../../features/facilities/components/facility-results.tsx'

/** Facility Search (spec: snapshot-field-tool §2): the device's facility list filtered as typed; search in the URL. */
export function FacilitySearchPage() {
  // The whole list is on the device and drawn as it scrolls: no pages, no sort.
  const list = useListParams({ sorts: [], pageSize: 0 })
  const deferredQuery = useDeferredValue(list.q)
  const locations = useLocations()
  const showViewTasks = isSnapshotHost(window.location.host)

  const results = useMemo(
    () => (locations.data ?? []).filter((location) => matchesFacilitySearch(location, deferredQuery)),
    [locations.data, deferredQuery],
  )
  const total = locations.data?.length ?? 0
  const trimmed = deferredQuery.trim()

  return (
    <Stack gap="lg">
      <PageHeader
        title="Facility Search"
        description="Find a facility by site code, name, address, city, state or zip."
        actions={
          <Button
            component={Link}
            to="/snapshot/tasks-overview"
            variant="default"
            leftSection={<IconLayoutList size={18} aria-hidden />}
          >
            Task Overview
          </Button>
        }
      />

      <ListHeader
        search={{
          label: 'Search facilities',
          placeholder: 'Search by Site Code or Address...',
          value: list.q,
          onChange: list.setQ,
          size: 'lg',
        }}
        count={
          locations.data &&
          (trimmed ? `${results.length} of ${total} facilities match “${trimmed}”` : `${total} facilities`)
        }
      />

      {locations.isPending ? (
        <PageLoader label="Loading facilities…" />
      ) : locations.isError && !locations.data ? (
        <FormError
          title="Facilities could not be loaded"
          message={locations.error.message}
          onRetry={() => void locations.refetch()}
        />
      ) : results.length === 0 ? (
        <EmptyState icon={<IconSearchOff size={28} aria-hidden />} withIndicatorBackground py="xl">
          <EmptyState.Title order={2} fz="lg">
            {trimmed ? `No facilities match “${trimmed}”` : 'No facilities yet'}
          </EmptyState.Title>
          <EmptyState.Description c="gray.7">
            Check the spelling, or search by site code (e.g. NY209), city, state or zip.
          </EmptyState.Description>
        </EmptyState>
      ) : (
        <FacilityResults locations={results} showViewTasks={showViewTasks} />
      )}
    </Stack>
  )
}
