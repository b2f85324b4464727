import { useEffect, useState } from 'react'
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Loader,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconAlertCircle, IconCircleCheck, IconRefresh } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { formatDateTime } from '@storageops/contracts/date-time'
import {
  GATE_CODE_NAMES,
  ROTATION_WAIT_TEXT,
  rotationSuccessMessage,
  type GateCodeRotation,
} from '@storageops/contracts/gate-codes'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { showToast } from '../../../lib/toast.ts'
import { gateCodesQueryKey, useGateCodes } from '../api/get-gate-codes.ts'
import { latestRotationQueryKey, useLatestRotation } from '../api/get-latest-rotation.ts'
import { useRotateAllGateCodes } from '../api/rotate-all-gate-codes.ts'
import { useRotateGateCode } from '../api/rotate-gate-code.ts'
import { useAbandonRotation } from '../api/abandon-rotation.ts'
import { useResumeRotation } from '../api/resume-rotation.ts'

function RotationProgress({ rotation, onAbandon }: { rotation: GateCodeRotation; onAbandon?: () => void }) {
  const percent = rotation.total === 0 ? 0 : Math.round(((rotation.done + rotation.failed) / rotation.total) * 100)
  return (
    <Alert
      color="harbor"
      variant="light"
      icon={<Loader size={18} aria-hidden />}
      title={`Rotating ${rotation.names.join(', ')}`}
    >
      <Stack gap="xs">
        <Text fz="sm">{ROTATION_WAIT_TEXT}</Text>
        <Progress value={percent} aria-label="Facilities updated" animated />
        <Text fz="sm" c="gray.8" aria-live="polite">
          {rotation.done} of {rotation.total} facilities updated
          {rotation.failed > 0 ? ` · ${rotation.failed} failed, retrying shortly` : ''}
        </Text>
        {onAbandon && (
          <Group>
            <Button size="xs" variant="default" onClick={onAbandon}>
              Abandon rotation
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  )
}

/** Bulk Update Gate Codes (spec: admin-console-part-2 §2, §4, §8; issue 7); abandon and resume for superadmins (013). */
export function GateCodeRotationPanel({ isSuperadmin = false }: { isSuperadmin?: boolean }) {
  const queryClient = useQueryClient()
  const codes = useGateCodes()
  const latest = useLatestRotation()
  const rotateOne = useRotateGateCode()
  const rotateAll = useRotateAllGateCodes()
  const resume = useResumeRotation()
  const abandon = useAbandonRotation()
  const rotation = latest.data
  // The rotation this page saw running: its end is reported once, until dismissed or another starts.
  const [watchedId, setWatchedId] = useState<number | null>(null)
  const [dismissedId, setDismissedId] = useState<number | null>(null)
  if (rotation?.status === 'running' && watchedId !== rotation.id) setWatchedId(rotation.id)
  const finished =
    rotation && rotation.id === watchedId && rotation.status !== 'running' && dismissedId !== rotation.id
      ? rotation
      : null

  const hasSucceeded = finished?.status === 'succeeded'
  useEffect(() => {
    // "then reload": the codes are fetched again once the rotation has succeeded.
    if (hasSucceeded) void queryClient.invalidateQueries({ queryKey: gateCodesQueryKey })
  }, [hasSucceeded, queryClient])

  const isRotating = rotation?.status === 'running' || rotateOne.isPending || rotateAll.isPending || resume.isPending
  const confirmAbandon = (running: GateCodeRotation) =>
    confirmAction({
      title: 'Abandon rotation',
      message: (
        <>
          Stop rotating {running.names.join(', ')} now? {running.done} of {running.total} facilities already have the
          new codes; resume the rotation or start a new one to bring the others in line.
        </>
      ),
      confirm: 'Abandon',
      onConfirm: () =>
        abandon.mutate(running.id, {
          onSuccess: (abandoned) => queryClient.setQueryData(latestRotationQueryKey, abandoned),
          onError: (error) => showToast(error.message, 'error'),
        }),
    })
  // Issue 18: a rotation changes the code at every facility's gate, so it is asked for by name first.
  const confirmRotate = (names: string[], onConfirm: () => void) =>
    confirmAction({
      title: names.length === 1 ? `Rotate ${names[0]}` : 'Rotate all codes',
      message: (
        <>
          Every facility&apos;s gate gets a new {names.join(', ')} now; the current{' '}
          {names.length === 1 ? 'code stops' : 'codes stop'} working at each facility as soon as it is updated. Tell the
          people who use {names.length === 1 ? 'it' : 'them'}.
        </>
      ),
      confirm: names.length === 1 ? 'Rotate code' : 'Rotate all codes',
      color: 'harbor',
      onConfirm,
    })
  const started = {
    onSuccess: (started: GateCodeRotation) => {
      setWatchedId(started.id)
      queryClient.setQueryData(latestRotationQueryKey, started)
    },
    onError: (error: Error) => {
      showToast(error.message, 'error')
      void latest.refetch()
    },
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Bulk Update Gate Codes"
        description="A new code is pushed to every facility's gate, one facility at a time."
        actions={
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            disabled={isRotating}
            onClick={() =>
              confirmRotate(
                (codes.data ?? []).map((entry) => entry.name),
                () => rotateAll.mutate(undefined, started),
              )
            }
          >
            Rotate All
          </Button>
        }
      />

      {isRotating && rotation?.status === 'running' && (
        <RotationProgress rotation={rotation} onAbandon={isSuperadmin ? () => confirmAbandon(rotation) : undefined} />
      )}
      {!isRotating && rotation?.status === 'failed' && rotation.done > 0 && !finished && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title="The last rotation did not finish"
        >
          <Stack gap="xs">
            <Text fz="sm">
              {rotation.error} {rotation.done} of {rotation.total} facilities have the new {rotation.names.join(', ')}{' '}
              {rotation.names.length === 1 ? 'code' : 'codes'}; the others keep the current ones.
            </Text>
            {isSuperadmin && (
              <Group>
                <Button
                  size="xs"
                  onClick={() =>
                    resume.mutate(rotation.id, {
                      ...started,
                      onError: (error: Error) => showToast(error.message, 'error'),
                    })
                  }
                >
                  Resume rotation
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {isRotating && rotation?.status !== 'running' && (
        <Alert color="harbor" variant="light" icon={<Loader size={18} aria-hidden />}>
          <Text fz="sm">{ROTATION_WAIT_TEXT}</Text>
        </Alert>
      )}
      {finished?.status === 'succeeded' && (
        <Alert
          color="teal"
          variant="light"
          role="alert"
          icon={<IconCircleCheck aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDismissedId(finished.id)}
        >
          {rotationSuccessMessage(finished.names)}
        </Alert>
      )}
      {finished?.status === 'failed' && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle aria-hidden />}
          title="The gate codes were not rotated"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDismissedId(finished.id)}
        >
          <Text fz="sm">{finished.error} The current codes stay in use.</Text>
          <List fz="sm" mt="xs">
            {finished.failed_facilities.map((facility) => (
              <List.Item key={facility.location_code}>
                {facility.location_code}: {facility.last_error}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {codes.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {GATE_CODE_NAMES.map((name) => (
            <Skeleton key={name} h={170} radius="md" />
          ))}
        </SimpleGrid>
      )}
      <FormError message={codes.error?.message} title="The gate codes could not be loaded" />
      {codes.data && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {codes.data.map((entry) => (
            <Card key={entry.name} component="section" aria-label={entry.name} withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {entry.name}
                </Title>
                <div>
                  <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
                    Current code
                  </Text>
                  <Text
                    ff="monospace"
                    fz={28}
                    fw={700}
                    c="harbor.9"
                    style={{ letterSpacing: '0.08em' }}
                    data-testid="current-code"
                  >
                    {entry.currentCode}
                  </Text>
                </div>
                <Text fz="sm" c="gray.7">
                  Last update: {formatDateTime(entry.updatedAt)}
                </Text>
                <Button
                  variant="light"
                  disabled={isRotating}
                  aria-label={`Rotate code ${entry.name}`}
                  onClick={() => confirmRotate([entry.name], () => rotateOne.mutate(entry.name, started))}
                >
                  Rotate code
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
