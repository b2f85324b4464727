import { Stack } from '@mantine/core'
import { LOCK_CHECK_PAGE_SIZE, LOCK_CHECK_SORTS, WALKTHROUGH_TEXT } from '@storageops/contracts/walkthrough-rules'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { useListParams } from '../../../lib/list-params.ts'
import { useLockChecksDue } from '../../../features/walkthroughs/api/get-lock-checks-due.ts'
import { LockChecksDueTable } from '../../../features/walkthroughs/components/lock-checks-due-table.tsx'

/** The regional view (issue 31): facilities whose last full walkthrough is older than the cadence, or none. */
export function LockChecksDuePage() {
  const list = useListParams({ sorts: LOCK_CHECK_SORTS, pageSize: LOCK_CHECK_PAGE_SIZE })
  const due = useLockChecksDue(list)
  const cadence = due.data?.cadence_days
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[
          { label: 'Facility Search', to: '/' },
          { label: 'Dashboard', to: '/snapshot/dashboard' },
          { label: WALKTHROUGH_TEXT.due },
        ]}
        title={WALKTHROUGH_TEXT.due}
        description={
          cadence === undefined
            ? 'Facilities whose last full walkthrough is older than the cadence'
            : `Facilities without a full walkthrough in the last ${cadence === 1 ? 'day' : `${cadence} days`}`
        }
      />
      <LockChecksDueTable query={due} list={list} />
    </Stack>
  )
}
