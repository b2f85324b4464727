import { useDeferredValue, useMemo, useState } from 'react'
import { Button, CloseButton, EmptyState, Stack, Text, TextInput } from '@mantine/core'
import { IconLayoutList, IconSearch, IconSearchOff } from '@tabler/icons-react'
import { Link } from 'react-router'
import { matchesFacilitySearch } from '@storageops/contracts/facility-search'
import { isSnapshotHost } from '@storageops/contracts/hosts'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { FacilityResults } from '../../../features/facilities/components/facility-results.tsx'

/** Facility Search (spec: snapshot-field-tool §2). */
export function FacilitySearchPage() {
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
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

      <TextInput
        type="search"
        size="lg"
        placeholder="Search by Site Code or Address..."
        aria-label="Search facilities"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        leftSection={<IconSearch size={20} aria-hidden />}
        rightSection={query ? <CloseButton aria-label="Clear search" onClick={() => setQuery('')} /> : null}
      />

      {locations.isPending ? (
        <PageLoader label="Loading facilities…" />
      ) : locations.isError && !locations.data ? (
        <FormError
          title="Facilities could not be loaded"
          message={locations.error.message}
          onRetry={() => void locations.refetch()}
        />
      ) : (
        <Stack gap="sm">
          <Text fz="sm" c="gray.7" role="status" aria-live="polite">
            {trimmed ? `${results.length} of ${total} facilities match “${trimmed}”` : `${total} facilities`}
          </Text>
          {results.length === 0 ? (
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
      )}
    </Stack>
  )
}
