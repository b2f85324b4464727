import { useState } from 'react'
import { Button, Stack } from '@mantine/core'
import { IconPlus, IconTable } from '@tabler/icons-react'
import { Link } from 'react-router'
import { ADMIN_LOCATION_SORTS, ADMIN_LOCATIONS_PAGE_SIZE, type LocationRecord } from '@storageops/contracts/locations'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { confirmDelete } from '../../../components/ui/confirm-delete.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useListParams } from '../../../lib/list-params.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useAdminLocations } from '../api/get-admin-locations.ts'
import { LocationFormModal } from './location-form-modal.tsx'
import { LocationViewModal } from './location-view-modal.tsx'
import { LocationsTable } from './locations-table.tsx'

/** Locations (spec: admin-console-part-1 §2, §6): search, sort and page in the URL (DESIGN §13). */
export function LocationsPanel({ isSuperadmin, isCsRole }: { isSuperadmin: boolean; isCsRole: boolean }) {
  const list = useListParams({ sorts: ADMIN_LOCATION_SORTS, pageSize: ADMIN_LOCATIONS_PAGE_SIZE })
  const locations = useAdminLocations(list)
  const remove = useDeleteLocation()
  const [viewing, setViewing] = useState<LocationRecord | null>(null)
  const [editing, setEditing] = useState<LocationRecord | null>(null)
  const [formOpened, setFormOpened] = useState(false)

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
      <LocationsTable
        query={locations}
        list={list}
        isCsRole={isCsRole}
        isSuperadmin={isSuperadmin}
        onView={setViewing}
        onEdit={openForm}
        onDelete={askDelete}
      />
      <LocationViewModal location={viewing} onClose={() => setViewing(null)} />
      <LocationFormModal opened={formOpened} location={editing} onClose={() => setFormOpened(false)} />
    </Stack>
  )
}
