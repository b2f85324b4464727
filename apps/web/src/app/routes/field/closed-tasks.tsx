import { Navigate, useParams } from 'react-router'
import { FormError } from '../../../components/ui/form-error.tsx'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useTaskFacility } from '../../../features/tasks/api/get-task-facility.ts'
import { isNotFound } from '../../../lib/api.ts'
import { FacilityTasksBoard } from '../../../features/tasks/components/facility-tasks-board.tsx'

export function ClosedTasksPage() {
  const { siteCode = '' } = useParams()
  const facility = useTaskFacility(siteCode)
  if (facility.isError && isNotFound(facility.error)) return <Navigate to="/404" replace />
  if (facility.data && isOtherCase(siteCode, facility.data.location_code))
    return <CanonicalRedirect typed={siteCode} canonical={facility.data.location_code} />
  if (facility.isError) return <FormError title="The facility could not be loaded" message={facility.error.message} />
  if (!facility.data) return <PageLoader label="Loading closed tasks…" />
  return <FacilityTasksBoard facility={facility.data} closed />
}
