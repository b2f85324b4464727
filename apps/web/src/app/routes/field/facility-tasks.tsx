import { Navigate, useParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { isNotFound, useTaskFacility } from '../../../features/tasks/api/get-task-facility.ts'
import { FacilityTasksBoard } from '../../../features/tasks/components/facility-tasks-board.tsx'

export function FacilityTasksPage() {
  const { siteCode = '' } = useParams()
  const facility = useTaskFacility(siteCode)
  if (facility.isError && isNotFound(facility.error)) return <Navigate to="/404" replace />
  if (!facility.data) return <PageLoader label="Loading tasks…" />
  return <FacilityTasksBoard facility={facility.data} closed={false} />
}
