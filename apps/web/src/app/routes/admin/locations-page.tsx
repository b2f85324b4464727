import { LocationsPanel } from '../../../features/locations/components/locations-panel.tsx'
import { useAdminUser } from './use-admin-user.ts'

/** Locations (/locations, spec: admin-console-part-1 §2, §6): what the table shows depends on the role. */
export function LocationsPage() {
  const user = useAdminUser()
  return (
    <LocationsPanel
      isSuperadmin={user.role?.superadmin === true}
      isCsRole={user.is_CS_role || user.role?.is_CS_role === true}
    />
  )
}
