import { useDeferredValue, useState } from 'react'
import { Button, Stack, TextInput } from '@mantine/core'
import { IconPlus, IconSearch, IconTable } from '@tabler/icons-react'
import { Link } from 'react-router'
import type { LocationRecord } from '@storageops/contracts/locations'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { confirmDelete } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useAdminLocations } from '../api/get-admin-locations.ts'
import { LocationFormModal } from './location-form-modal.tsx'
import { LocationViewModal } from './location-view-modal.tsx'
import { LocationsTable } from './locations-table.tsx'

/** Locations (spec: admin-console-part-1 §2, §6). */
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
  const askDelete = (location: LocationRecord) =>
    confirmDelete({
      title: 'Delete location',
      message: (
        <>
          {LOCATION_MESSAGES.confirmDelete}{' '}
          <strong>
            {location.name} ({location.location_code})
          </strong>
          , its facility details, units, CMS content and tasks will be removed.
        </>
      ),
      onConfirm: () =>
        remove.mutate(location.id, {
          onSuccess: () => showToast(LOCATION_MESSAGES.locationDeleted, 'success'),
          onError: (error) => showToast(errorMessage(error, 'Delete failed'), 'error'),
        }),
    })

  return (
    <Stack gap="lg">
      <PageHeader
        title="Locations"
        description="Facilities on the public website, their settings and pages."
        actions={
          <>
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
          </>
        }
      />
      <TextInput
        label="Search locations"
        placeholder="Name, code, city or state"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {locations.isPending && <SkeletonRows label="Loading locations…" rows={5} />}
      <FormError message={locations.error?.message} title="The locations could not be loaded" />
      {locations.data && (
        <LocationsTable
          locations={shown}
          empty={locations.data.length === 0 ? 'No locations yet.' : 'No location matches the search.'}
          isCsRole={isCsRole}
          isSuperadmin={isSuperadmin}
          onView={setViewing}
          onEdit={openForm}
          onDelete={askDelete}
        />
      )}
      <LocationViewModal location={viewing} onClose={() => setViewing(null)} />
      <LocationFormModal opened={formOpened} location={editing} onClose={() => setFormOpened(false)} />
    </Stack>
  )
}
