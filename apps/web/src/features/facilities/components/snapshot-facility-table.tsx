import { useState } from 'react'
import { Anchor, Badge, Table, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { Location } from '@storageops/contracts/facilities'
import { matchesFacilitySearch } from '@storageops/contracts/facility-search'

/**
 * The facilities of the /snapshot list (spec: admin-console-part-2 §2; the list is "not detailed", so it
 * follows the field tool's search: code, name, state, city, address or zip), each linking to its editor.
 */
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
      {shown.length === 0 ? (
        <Text c="gray.7">No facility matches “{query}”.</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped highlightOnHover verticalSpacing="xs" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Site Code</Table.Th>
                <Table.Th scope="col">Facility</Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  Address
                </Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  City
                </Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  State
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((facility) => (
                <Table.Tr key={facility.location_code}>
                  <Table.Td>
                    <Badge variant="outline" color="harbor" radius="sm">
                      {facility.location_code}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/snapshot/${facility.slug}`} fw={500} fz="sm">
                      {facility.name}
                    </Anchor>
                    {/* On a phone the address columns fold under the name. */}
                    <Text fz="xs" c="gray.7" hiddenFrom="sm">
                      {facility.address}, {facility.city}, {facility.state}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm" visibleFrom="sm">
                    {facility.address}
                  </Table.Td>
                  <Table.Td fz="sm" visibleFrom="sm">
                    {facility.city}
                  </Table.Td>
                  <Table.Td fz="sm" visibleFrom="sm">
                    {facility.state}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  )
}
