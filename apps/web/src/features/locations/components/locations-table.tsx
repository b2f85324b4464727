import { Badge, Group, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { foundCountOf } from '@storageops/contracts/counts'
import type { RecordsPage } from '@storageops/contracts/list-query'
import type { AdminLocationSort, LocationRecord } from '@storageops/contracts/locations'
import { PagedTable } from '../../../components/ui/paged-table.tsx'
import type { ResponsiveColumn } from '../../../components/ui/responsive-table.tsx'
import { RowActions } from '../../../components/ui/row-actions.tsx'
import type { ListParams } from '../../../lib/list-params.ts'
import { LocationPageLinks } from './location-page-links.tsx'

const yesNo = (value: boolean) =>
  value ? (
    <Badge color="teal" c="teal.9" variant="light" size="sm">
      Yes
    </Badge>
  ) : (
    <Text fz="sm" c="gray.7">
      No
    </Text>
  )

type Column = ResponsiveColumn<LocationRecord> & { sort?: AdminLocationSort }

const COLUMNS: Column[] = [
  { key: 'name', header: 'Name', cell: (location) => <Text fw={500}>{location.name}</Text>, sort: 'name' },
  { key: 'code', header: 'Code', cell: (location) => location.location_code, sort: 'location_code' },
  { key: 'city', header: 'City', cell: (location) => location.city, sort: 'city' },
  { key: 'state', header: 'State', cell: (location) => location.state, sort: 'state' },
  { key: 'phone', header: 'Phone', cell: (location) => location.phone ?? '—', nowrap: true, sort: 'phone' },
  {
    key: 'window',
    header: 'Reservation window',
    cell: (location) => `${location.reservation_window} days`,
    sort: 'reservation_window',
  },
]
const FLAG_COLUMNS: Column[] = [
  { key: 'ach', header: 'ACH', cell: (location) => yesNo(location.allow_ach), sort: 'allow_ach' },
  { key: 'coming_soon', header: 'Coming Soon', cell: (location) => yesNo(location.coming_soon), sort: 'coming_soon' },
  { key: 'sboa', header: 'SBOA', cell: (location) => yesNo(location.sboa), sort: 'sboa' },
  {
    key: 'sboa_brochure',
    header: 'SBOA Brochure',
    cell: (location) => location.sboa_brochure ?? '—',
    sort: 'sboa_brochure',
  },
]
const PAGES_COLUMN: ResponsiveColumn<LocationRecord> = {
  key: 'pages',
  header: 'Pages',
  cell: (location) => <LocationPageLinks locationCode={location.location_code} />,
}
const FLAG_BADGES = [
  { key: 'allow_ach', label: 'ACH', color: 'teal' },
  { key: 'coming_soon', label: 'Coming Soon', color: 'orange' },
  { key: 'sboa', label: 'SBOA', color: 'grape' },
] as const

const countLine = (count: number, q: string) => foundCountOf(count, q, 'location')

/**
 * One page of the locations, sorted and searched on the server (DESIGN §13). Customer-service roles see neither the
 * flag columns nor the actions (spec: admin-console-part-1 §6).
 */
export function LocationsTable({
  query,
  list,
  isCsRole,
  isSuperadmin,
  onView,
  onEdit,
  onDelete,
}: {
  query: UseQueryResult<RecordsPage<LocationRecord>>
  list: ListParams<AdminLocationSort>
  isCsRole: boolean
  isSuperadmin: boolean
  onView: (location: LocationRecord) => void
  onEdit: (location: LocationRecord) => void
  onDelete: (location: LocationRecord) => void
}) {
  return (
    <PagedTable
      query={query}
      list={list}
      loadingLabel="Loading locations…"
      search={{ label: 'Search locations', placeholder: 'Name, code, city or state' }}
      count={countLine}
      label="Locations"
      rowKey={(location) => location.id}
      empty={list.q.trim() ? 'No location matches the search.' : 'No locations yet.'}
      columns={isCsRole ? [...COLUMNS, PAGES_COLUMN] : [...COLUMNS, ...FLAG_COLUMNS, PAGES_COLUMN]}
      minWidth={isCsRole ? 800 : 1100}
      wideFrom="md"
      card={(location) => (
        <>
          <Text fw={600}>{location.name}</Text>
          <Text fz="sm" c="gray.7">
            {location.location_code} · {location.city}, {location.state}
          </Text>
          {!isCsRole && (
            <Group gap={4} mt={4}>
              {FLAG_BADGES.filter((flag) => location[flag.key]).map((flag) => (
                <Badge key={flag.key} size="sm" variant="light" c={`${flag.color}.9`} color={flag.color}>
                  {flag.label}
                </Badge>
              ))}
            </Group>
          )}
        </>
      )}
      footer={(location) => <LocationPageLinks locationCode={location.location_code} />}
      actions={
        isCsRole
          ? undefined
          : (location) => (
              <RowActions
                subject={location.location_code}
                onView={() => onView(location)}
                onEdit={isSuperadmin ? () => onEdit(location) : undefined}
                onDelete={isSuperadmin ? () => onDelete(location) : undefined}
              />
            )
      }
    />
  )
}
