import { useState } from 'react'
import { Anchor, Badge, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { Location } from '@storageops/contracts/facilities'
import { matchesFacilitySearch } from '@storageops/contracts/facility-search'
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx'

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

/** The /snapshot list (spec: admin-console-part-2 §2, "not detailed"): filtered like the field tool's search. */
export function SnapshotFacilityTable({ facilities }: { facilities: Location[] }) {
  const [query, setQuery] = useState('')
  const shown = facilities.filter((facility) => matchesFacilitySearch(facility, query))
  return (
    <>
      <TextInput
        aria-label="Search facilities"
        placeholder="Search by Site Code or Address..."
        leftSection={<IconSearch size={18} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
      />
      <Text fz="sm" c="gray.7" aria-live="polite">
        {shown.length === facilities.length
          ? `${facilities.length} facilities`
          : `${shown.length} of ${facilities.length} facilities`}
      </Text>
      <ResponsiveTable
        label="Facility snapshots"
        rows={shown}
        rowKey={(facility) => facility.location_code}
        empty={`No facility matches “${query}”.`}
        columns={[
          { key: 'code', header: 'Site Code', cell: siteCode },
          { key: 'name', header: 'Facility', cell: editorLink },
          { key: 'address', header: 'Address', cell: (facility) => facility.address },
          { key: 'city', header: 'City', cell: (facility) => facility.city },
          { key: 'state', header: 'State', cell: (facility) => facility.state },
        ]}
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
    </>
  )
}
