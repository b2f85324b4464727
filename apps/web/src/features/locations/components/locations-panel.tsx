import { Suspense, useState } from 'react'
import { Button, Modal, Stack } from '@mantine/core'
import { IconPlus, IconTable } from '@tabler/icons-react'
import { Link } from 'react-router'
import { ADMIN_LOCATION_SORTS, ADMIN_LOCATIONS_PAGE_SIZE, type LocationRecord } from '@storageops/contracts/locations'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { confirmDelete } from '../../../components/ui/confirm-delete.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useListParams } from '../../../lib/list-params.ts'
import { lazyWithPreload, useIdlePreload } from '../../../lib/lazy-with-preload.ts'
import { showToast } from '../../../lib/toast.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useAdminLocations } from '../api/get-admin-locations.ts'
import { LocationViewModal } from './location-view-modal.tsx'
import { LocationsTable } from './locations-table.tsx'

/** The form's code (its inputs, markdown and rules: ~50 KiB compressed) is not on the list's first load. */
const { Component: LocationFormModal, preload: preloadForm } = lazyWithPreload(() =>
  import('./location-form-modal.tsx').then((module) => module.LocationFormModal),
)

/** Locations (spec: admin-console-part-1 §2, §6): search, sort and page in the URL (DESIGN §13). */
export function LocationsPanel({ isSuperadmin, isCsRole }: { isSuperadmin: boolean; isCsRole: boolean }) {
  const list = useListParams({ sorts: ADMIN_LOCATION_SORTS, pageSize: ADMIN_LOCATIONS_PAGE_SIZE })
  const locations = useAdminLocations(list)
  const remove = useDeleteLocation()
  const [viewing, setViewing] = useState<LocationRecord | null>(null)
  const [editing, setEditing] = useState<LocationRecord | null>(null)
  const [formOpened, setFormOpened] = useState(false)
  const [formDrawn, setFormDrawn] = useState(false)
  useIdlePreload(preloadForm)

  const openForm = (location: LocationRecord | null) => {
    setEditing(location)
    setFormOpened(true)
    setFormDrawn(true)
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
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onPointerEnter={preloadForm}
              onFocus={preloadForm}
              onClick={() => openForm(null)}
            >
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
      {formDrawn && (
        <Suspense
          fallback={
            <Modal
              opened={formOpened}
              onClose={() => setFormOpened(false)}
              title="Loading…"
              closeButtonProps={{ 'aria-label': 'Close' }}
            >
              <PageLoader label="Loading the form…" />
            </Modal>
          }
        >
          <LocationFormModal opened={formOpened} location={editing} onClose={() => setFormOpened(false)} />
        </Suspense>
      )}
    </Stack>
  )
}
