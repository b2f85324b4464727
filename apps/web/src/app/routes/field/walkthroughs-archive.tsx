import { Alert, Button, Stack } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconPlayerPlay, IconWalk } from '@tabler/icons-react'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import {
  WALKTHROUGH_ARCHIVE_SORTS,
  WALKTHROUGH_PAGE_SIZE,
  WALKTHROUGH_TEXT,
} from '@storageops/contracts/walkthrough-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { ApiError, isNotFound } from '../../../lib/api.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { useListParams } from '../../../lib/list-params.ts'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { useWalkthroughs } from '../../../features/walkthroughs/api/get-walkthroughs.ts'
import { useStartWalkthrough } from '../../../features/walkthroughs/api/start-walkthrough.ts'
import { WalkthroughTable } from '../../../features/walkthroughs/components/walkthrough-table.tsx'

/** A facility's walkthroughs (issue 31): the archive, newest first, and Start or Resume; an unknown site code is 404. */
export function WalkthroughsArchivePage() {
  const { siteCode = '' } = useParams()
  const list = useListParams({ sorts: WALKTHROUGH_ARCHIVE_SORTS, pageSize: WALKTHROUGH_PAGE_SIZE })
  const walkthroughs = useWalkthroughs(siteCode, list)
  const location = useLocations().data?.find((candidate) => candidate.location_code === siteCode)
  const start = useStartWalkthrough()
  const navigate = useNavigate()
  const network = useNetwork()

  if (walkthroughs.isError && isNotFound(walkthroughs.error)) return <Navigate to="/404" replace />
  const openId = walkthroughs.data?.open_walkthrough_id ?? null
  const onStart = () =>
    start.mutate(siteCode, {
      onSuccess: (walkthrough) => void navigate(`/snapshot/${siteCode}/walkthroughs/${walkthrough.id}`),
      onError: (error) => {
        const open = error instanceof ApiError ? error.body.open_walkthrough_id : undefined
        if (typeof open === 'number') void navigate(`/snapshot/${siteCode}/walkthroughs/${open}`)
      },
    })

  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[
          { label: 'Facility Search', to: '/' },
          ...(location ? [{ label: location.name, to: `/${location.slug}` }] : []),
          { label: WALKTHROUGH_TEXT.archive },
        ]}
        title={WALKTHROUGH_TEXT.archive}
        description={location ? `${location.name} (${location.location_code})` : siteCode}
        actions={
          openId !== null ? (
            <Button
              component={Link}
              to={`/snapshot/${siteCode}/walkthroughs/${openId}`}
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              {WALKTHROUGH_TEXT.resume}
            </Button>
          ) : (
            <Button
              leftSection={<IconWalk size={18} aria-hidden />}
              onClick={onStart}
              loading={start.isPending}
              disabled={!walkthroughs.data || !network.online}
            >
              {WALKTHROUGH_TEXT.start}
            </Button>
          )
        }
      />
      {!network.online && openId === null && (
        <Alert color="gray" variant="light">
          {WALKTHROUGH_TEXT.startNeedsNetwork}
        </Alert>
      )}
      <FormError
        title="The walkthrough could not be started"
        message={
          start.isError &&
          !(start.error instanceof ApiError && start.error.status === 409) &&
          errorMessage(start.error, 'Please try again.')
        }
      />
      <WalkthroughTable query={walkthroughs} list={list} />
    </Stack>
  )
}
