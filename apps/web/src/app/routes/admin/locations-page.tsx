import { LocationsPanel } from '../../../features/locations/components/locations-panel.tsx'
import { useAdminUser } from './use-admin-user.ts'

export function LocationsPage() {
  const user = useAdminUser()
  return (
    <LocationsPanel
      isSuperadmin={user.role?.superadmin === true}
      isCsRole={user.is_CS_role || user.role?.is_CS_role === true}
    />
  )
}
