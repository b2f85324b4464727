import { ActionIcon, Badge, Card, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react'
import type { LocationRecord } from '@storageops/contracts/locations'
import { LocationPageLinks } from './location-page-links.tsx'

interface LocationsTableProps {
  locations: LocationRecord[]
  /** Customer-service roles see neither the ACH, Coming Soon, SBOA and SBOA Brochure columns nor the actions. */
  isCsRole: boolean
  isSuperadmin: boolean
  onView: (location: LocationRecord) => void
  onEdit: (location: LocationRecord) => void
  onDelete: (location: LocationRecord) => void
}

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

function LocationActions({
  location,
  isSuperadmin,
  onView,
  onEdit,
  onDelete,
}: Omit<LocationsTableProps, 'locations' | 'isCsRole' | 'onView' | 'onEdit' | 'onDelete'> & {
  location: LocationRecord
  onView: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="View">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`View ${location.location_code}`}
          onClick={onView}
        >
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {isSuperadmin && (
        <>
          <Tooltip label="Edit">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Edit ${location.location_code}`}
              onClick={onEdit}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Delete ${location.location_code}`}
              onClick={onDelete}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  )
}

/**
 * The Locations table (spec: admin-console-part-1 §2, §6): name, code, city, state, phone, reservation
 * window, the flag columns (not for customer-service roles), links to the per-location pages and the
 * actions (view; edit and delete for superadmins; none for customer-service roles). Cards on a phone (only one layout is rendered).
 */
export function LocationsTable({ locations, isCsRole, isSuperadmin, onView, onEdit, onDelete }: LocationsTableProps) {
  const showFlags = !isCsRole
  const showActions = !isCsRole
  // One layout in the DOM at a time: 150 rows twice (table and cards) made the page slow.
  const isWide = useMediaQuery('(min-width: 62em)', true)
  if (isWide) {
    return (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={showFlags ? 1100 : 800}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Locations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>City</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Reservation window</Table.Th>
                {showFlags && (
                  <>
                    <Table.Th>ACH</Table.Th>
                    <Table.Th>Coming Soon</Table.Th>
                    <Table.Th>SBOA</Table.Th>
                    <Table.Th>SBOA Brochure</Table.Th>
                  </>
                )}
                <Table.Th>Pages</Table.Th>
                {showActions && <Table.Th ta="right">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {locations.map((location) => (
                <Table.Tr key={location.id}>
                  <Table.Td fw={500}>{location.name}</Table.Td>
                  <Table.Td>{location.location_code}</Table.Td>
                  <Table.Td>{location.city}</Table.Td>
                  <Table.Td>{location.state}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{location.phone ?? '—'}</Table.Td>
                  <Table.Td>{location.reservation_window} days</Table.Td>
                  {showFlags && (
                    <>
                      <Table.Td>{yesNo(location.allow_ach)}</Table.Td>
                      <Table.Td>{yesNo(location.coming_soon)}</Table.Td>
                      <Table.Td>{yesNo(location.sboa)}</Table.Td>
                      <Table.Td>{location.sboa_brochure ?? '—'}</Table.Td>
                    </>
                  )}
                  <Table.Td>
                    <LocationPageLinks locationCode={location.location_code} />
                  </Table.Td>
                  {showActions && (
                    <Table.Td>
                      <LocationActions
                        location={location}
                        isSuperadmin={isSuperadmin}
                        onView={() => onView(location)}
                        onEdit={() => onEdit(location)}
                        onDelete={() => onDelete(location)}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    )
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Locations">
      {locations.map((location) => (
        <Card key={location.id} component="li" withBorder radius="md" padding="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{location.name}</Text>
              <Text fz="sm" c="gray.7">
                {location.location_code} · {location.city}, {location.state}
              </Text>
              {showFlags && (
                <Group gap={4} mt={4}>
                  {location.allow_ach && (
                    <Badge size="sm" variant="light" c="teal.9" color="teal">
                      ACH
                    </Badge>
                  )}
                  {location.coming_soon && (
                    <Badge size="sm" variant="light" c="orange.9" color="orange">
                      Coming Soon
                    </Badge>
                  )}
                  {location.sboa && (
                    <Badge size="sm" variant="light" c="grape.9" color="grape">
                      SBOA
                    </Badge>
                  )}
                </Group>
              )}
            </div>
            {showActions && (
              <LocationActions
                location={location}
                isSuperadmin={isSuperadmin}
                onView={() => onView(location)}
                onEdit={() => onEdit(location)}
                onDelete={() => onDelete(location)}
              />
            )}
          </Group>
          <Group mt="xs">
            <LocationPageLinks locationCode={location.location_code} />
          </Group>
        </Card>
      ))}
    </Stack>
  )
}
