import { useDeferredValue, useState } from 'react'
import { Alert, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { IconAlertCircle, IconPlus, IconSearch, IconTable } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { LocationRecord } from '@storageops/contracts/locations'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useAdminLocations } from '../api/get-admin-locations.ts'
import { LocationFormModal } from './location-form-modal.tsx'
import { LocationViewModal } from './location-view-modal.tsx'
import { LocationsTable } from './locations-table.tsx'

/**
 * The Locations screen's content (spec: admin-console-part-1 §2, §6): a search over the table, Create,
 * View, Edit and Delete (after a confirmation) modals, and the link to Location Bulk Edit.
 */
export function LocationsPanel({ isSuperadmin, isCsRole }: { isSuperadmin: boolean; isCsRole: boolean }) {
  const locations = useAdminLocations()
  const remove = useDeleteLocation()
  const [search, setSearch] = useState('')
  const deferredSearch = useDeferredValue(search.trim().toLowerCase())
  const [viewing, setViewing] = useState<LocationRecord | null>(null)
  const [editing, setEditing] = useState<LocationRecord | null>(null)
  const [formOpened, setFormOpened] = useState(false)

  const shown = (locations.data ?? []).filter(
    (location) =>
      !deferredSearch ||
      [location.name, location.location_code, location.city, location.state].some((value) =>
        value.toLowerCase().includes(deferredSearch),
      ),
  )

  const openForm = (location: LocationRecord | null) => {
    setEditing(location)
    setFormOpened(true)
  }
  const confirmDelete = (location: LocationRecord) =>
    modals.openConfirmModal({
      title: 'Delete location',
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text fz="sm">
          {LOCATION_MESSAGES.confirmDelete}{' '}
          <strong>
            {location.name} ({location.location_code})
          </strong>
          , its facility details, units, CMS content and tasks will be removed.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(location.id, {
          onSuccess: () => showToast(LOCATION_MESSAGES.locationDeleted, 'success'),
          onError: (error) => showToast(error instanceof ApiError ? error.message : 'Delete failed', 'error'),
        }),
    })

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Locations
          </Title>
          <Text c="gray.7" fz="sm">
            Facilities on the public website, their settings and pages.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to="/locations_bulk_edit"
            variant="default"
            leftSection={<IconTable size={18} aria-hidden />}
          >
            Bulk Edit
          </Button>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openForm(null)}>
            Create Location
          </Button>
        </Group>
      </Group>
      <TextInput
        label="Search locations"
        placeholder="Name, code, city or state"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {locations.isPending && (
        <Stack>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} h={40} />
          ))}
        </Stack>
      )}
      {locations.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {locations.error.message}
        </Alert>
      )}
      {locations.data &&
        (shown.length === 0 ? (
          <Text c="gray.7">
            {locations.data.length === 0 ? 'No locations yet.' : 'No location matches the search.'}
          </Text>
        ) : (
          <LocationsTable
            locations={shown}
            isCsRole={isCsRole}
            isSuperadmin={isSuperadmin}
            onView={setViewing}
            onEdit={openForm}
            onDelete={confirmDelete}
          />
        ))}
      <LocationViewModal location={viewing} onClose={() => setViewing(null)} />
      <LocationFormModal opened={formOpened} location={editing} onClose={() => setFormOpened(false)} />
    </Stack>
  )
}
