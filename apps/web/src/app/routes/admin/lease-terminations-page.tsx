import { canOpenAdminPath } from '@storageops/contracts/admin-pages'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { LeaseTerminationForm } from '../../../features/lease-terminations/components/lease-termination-form.tsx'
import { useAdminUser } from './use-admin-user.ts'

/** /lease-terminations (spec: admin-console-part-2 §2): the form, with the facilities of GET /api/locations. */
export function LeaseTerminationsPage() {
  const locations = useLocations()
  const { role } = useAdminUser()
  if (locations.data)
    return (
      <LeaseTerminationForm
        facilities={locations.data}
        showHistoryLink={canOpenAdminPath(role, '/communication-history')}
      />
    )
  if (locations.error)
    return (
      <FormError
        message={errorMessage(locations.error, 'Please try again.')}
        title="The facilities could not be loaded"
        onRetry={() => void locations.refetch()}
      />
    )
  return <PageLoader label="Loading facilities…" />
}
