import { Anchor, Badge, Text } from '@mantine/core'
import { Link } from 'react-router'
import { foundCountOf } from '@storageops/contracts/counts'
import type { Location } from '@storageops/contracts/facilities'
import { FACILITY_LIST_PAGE_SIZE, FACILITY_LIST_SORTS, type FacilityListSort } from '@storageops/contracts/locations'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import type { ResponsiveColumn } from '../../../components/ui/responsive-table.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'
import { snapshotFacilitiesQueryKey } from '../api/get-snapshot-facilities.ts'

const siteCode = (facility: Location) => (
  <Badge variant="outline" color="harbor" radius="sm">
    {facility.location_code}
  </Badge>
)
const editorLink = (facility: Location) => (
  <Anchor component={Link} to={`/snapshot/${facility.slug}`} fw={500} fz="sm">
    {facility.name}
  </Anchor>
)

const COLUMNS: (ResponsiveColumn<Location> & { sort: FacilityListSort })[] = [
  { key: 'code', header: 'Site Code', cell: siteCode, sort: 'location_code' },
  { key: 'name', header: 'Facility', cell: editorLink, sort: 'name' },
  { key: 'address', header: 'Address', cell: (facility) => facility.address, sort: 'address' },
  { key: 'city', header: 'City', cell: (facility) => facility.city, sort: 'city' },
  { key: 'state', header: 'State', cell: (facility) => facility.state, sort: 'state' },
]

const countLine = (count: number, q: string) => foundCountOf(count, q, 'facility', 'facilities')

/** The /snapshot list (spec: admin-console-part-2 §2, "not detailed"), searched as the field tool's search. */
export function SnapshotFacilityTable() {
  const list = useListParams({ sorts: FACILITY_LIST_SORTS, pageSize: FACILITY_LIST_PAGE_SIZE })
  const query = usePagedQuery<Location>([...snapshotFacilitiesQueryKey, 'page'], '/api/locations', list)
  return (
    <PagedTable
      query={query}
      list={list}
      loadingLabel="Loading facilities"
      search={{ label: 'Search facilities', placeholder: 'Search by Site Code or Address...' }}
      count={countLine}
      label="Facility snapshots"
      rowKey={(facility) => facility.location_code}
      empty={list.q.trim() ? `No facility matches “${list.q.trim()}”.` : 'No facilities yet.'}
      columns={COLUMNS}
      card={(facility) => (
        <>
          {siteCode(facility)} {editorLink(facility)}
          <Text fz="xs" c="gray.7">
            {facility.address}, {facility.city}, {facility.state}
          </Text>
        </>
      )}
      minWidth={640}
    />
  )
}
