import { FormError } from '../../../components/ui/form-error.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { LeaseTerminationForm } from '../../../features/lease-terminations/components/lease-termination-form.tsx'

/** /lease-terminations (spec: admin-console-part-2 §2): the form, with the facilities of GET /api/locations. */
export function LeaseTerminationsPage() {
  const locations = useLocations()
  if (locations.data) return <LeaseTerminationForm facilities={locations.data} />
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
