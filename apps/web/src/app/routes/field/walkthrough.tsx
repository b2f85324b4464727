import { useMemo, useState } from 'react'
import { Alert, Button, Grid, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useMediaQuery, useNetwork } from '@mantine/hooks'
import { IconFlag, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react'
import { Navigate, useParams } from 'react-router'
import { formatDateTime } from '@storageops/contracts/date-time'
import type { FieldUser } from '@storageops/contracts/identity'
import { floorsOf } from '@storageops/contracts/unit-map-rules'
import { WALKTHROUGH_TEXT, uncheckedText } from '@storageops/contracts/walkthrough-rules'
import type { Walkthrough } from '@storageops/contracts/walkthroughs'
import { ColorLegend } from '../../../components/ui/color-legend.tsx'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { isNotFound } from '../../../lib/api.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { useWriteQueue } from '../../../lib/write-queue.ts'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'
import { useLocationUnits } from '../../../features/unit-maps/api/get-location-units.ts'
import { FloorRadios } from '../../../features/unit-maps/components/floor-radios.tsx'
import { UnitMap } from '../../../features/unit-maps/components/unit-map.tsx'
import { useChangeWalkthrough, type WalkthroughChange } from '../../../features/walkthroughs/api/change-walkthrough.ts'
import { useWalkthrough } from '../../../features/walkthroughs/api/get-walkthrough.ts'
import { DOOR_COLORS } from '../../../features/walkthroughs/components/door-colors.ts'
import { WalkPanel } from '../../../features/walkthroughs/components/walk-panel.tsx'
import {
  WalkthroughFigures,
  WalkthroughProgress,
  WalkthroughStateBadge,
} from '../../../features/walkthroughs/components/walkthrough-summary.tsx'
import { WalkthroughUnitList } from '../../../features/walkthroughs/components/walkthrough-unit-list.tsx'
import { useWalk } from '../../../features/walkthroughs/use-walk.ts'
import {
  DOOR_STATE_LABELS,
  doorStateOf,
  type DoorState,
  type ShownUnit,
} from '../../../features/walkthroughs/walkthrough-view.ts'

const LEGEND_STATES: DoorState[] = ['to_check', 'agrees', 'discrepancy', 'note', 'skipped']

/** A walkthrough (issue 31): walked while under way or paused, its results once finished; unknown ids are 404. */
export function WalkthroughPage() {
  const { siteCode = '', walkthroughId = '' } = useParams()
  const id = /^\d{1,9}$/.test(walkthroughId) ? Number(walkthroughId) : null
  const walkthrough = useWalkthrough(id)
  const mapUnits = useLocationUnits(siteCode)
  const location = useLocations().data?.find((candidate) => candidate.location_code === siteCode)

  if (id === null || (walkthrough.isError && isNotFound(walkthrough.error))) return <Navigate to="/404" replace />
  if (walkthrough.data && walkthrough.data.location_code !== siteCode) return <Navigate to="/404" replace />
  if (walkthrough.isError)
    return (
      <FormError
        title="The walkthrough could not be loaded"
        message={errorMessage(walkthrough.error, walkthrough.error.message)}
        onRetry={() => void walkthrough.refetch()}
      />
    )
  if (!walkthrough.data) return <PageLoader label="Loading walkthrough…" />
  const data = walkthrough.data
  const header = {
    breadcrumbs: [
      { label: 'Facility Search', to: '/' },
      ...(location ? [{ label: location.name, to: `/${location.slug}` }] : []),
      { label: WALKTHROUGH_TEXT.archive, to: `/snapshot/${siteCode}/walkthroughs` },
      { label: `#${data.id}` },
    ],
    title: `Walkthrough #${data.id}`,
    badge: <WalkthroughStateBadge status={data.status} full={data.full} />,
  }
  const geometry = mapUnits.data ?? []
  return data.status === 'finished' ? (
    <Results walkthrough={data} header={header} geometry={geometry} />
  ) : (
    <Walking walkthrough={data} header={header} geometry={geometry} mapPending={mapUnits.isPending} />
  )
}

type Header = Pick<Parameters<typeof PageHeader>[0], 'breadcrumbs' | 'title' | 'badge'>
type Geometry = NonNullable<ReturnType<typeof useLocationUnits>['data']>

/** The floor shown: the one picked, else the given unit's, else the first; and the map of it with its legend. */
function WalkMap({
  units,
  geometry,
  colors,
  skipped,
  current,
  onSelect,
}: {
  units: readonly ShownUnit[]
  geometry: Geometry
  colors: ReadonlyMap<string, string>
  skipped: ReadonlySet<string>
  current: ShownUnit | null
  onSelect: (unitNo: string) => void
}) {
  const isPhone = useMediaQuery('(max-width: 48em)')
  const [picked, setPicked] = useState<{ floor: number; forUnit: string | null } | null>(null)
  const floors = useMemo(() => floorsOf(units), [units])
  // A floor picked by hand holds until the unit to check changes; then the map follows that unit's floor.
  const floor =
    picked && picked.forUnit === (current?.unit_no ?? null) ? picked.floor : (current?.floor_no ?? floors[0]!)
  const legend = useMemo(() => {
    const counts = Object.fromEntries(LEGEND_STATES.map((state) => [state, 0])) as Record<DoorState, number>
    for (const unit of units) if (unit.floor_no === floor) counts[doorStateOf(unit)]++
    return LEGEND_STATES.map((state) => ({
      name: DOOR_STATE_LABELS[state],
      color: DOOR_COLORS[state],
      count: counts[state],
    }))
  }, [units, floor])
  return (
    <Stack gap="sm">
      {floors.length > 1 && (
        <FloorRadios
          floors={floors}
          value={floor}
          onChange={(next) => setPicked({ floor: next, forUnit: current?.unit_no ?? null })}
        />
      )}
      <UnitMap
        label={`Walkthrough map of floor ${floor}`}
        units={geometry}
        floor={floor}
        colors={colors}
        dimmed={skipped}
        selectedUnitNo={current?.unit_no}
        follow={current?.unit_no}
        onUnitSelect={(unit) => onSelect(unit.unit_no)}
        height={isPhone ? '42vh' : 520}
      />
      <ColorLegend label="Walkthrough legend" entries={legend} />
    </Stack>
  )
}

function Walking({
  walkthrough,
  header,
  geometry,
  mapPending,
}: {
  walkthrough: Walkthrough
  header: Header
  geometry: Geometry
  mapPending: boolean
}) {
  const session = useStoredSession<FieldUser>('field')
  const walk = useWalk(walkthrough, session?.user ?? { username: '', full_name: '' })
  const change = useChangeWalkthrough()
  const network = useNetwork()
  const { writes } = useWriteQueue()
  const finishing = writes.some(
    (write) => write.path === `/api/walkthroughs/${walkthrough.id}/finish` && write.state === 'waiting',
  )
  const left = walk.progress.unit_count - walk.progress.checked_count
  const discrepancies = Object.values(walk.progress.discrepancies).reduce((sum, count) => sum + count, 0)
  const act = (action: WalkthroughChange) => change.mutate({ walkthrough, change: action })
  const finish = () =>
    confirmAction({
      title: WALKTHROUGH_TEXT.finish,
      message: `${left > 0 ? `${uncheckedText(left)} ` : ''}Each discrepancy becomes a unit task.`,
      confirm: WALKTHROUGH_TEXT.finish,
      color: 'harbor',
      onConfirm: () => act('finish'),
    })

  return (
    <Stack gap="md">
      <PageHeader
        {...header}
        description={`Started ${formatDateTime(walkthrough.started_at)} by ${walkthrough.started_by.full_name}`}
        actions={
          !finishing && (
            <>
              {walkthrough.status === 'paused' ? (
                <Button
                  variant="light"
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                  onClick={() => act('resume')}
                >
                  {WALKTHROUGH_TEXT.resume}
                </Button>
              ) : (
                <Button
                  variant="light"
                  leftSection={<IconPlayerPause size={18} aria-hidden />}
                  onClick={() => act('pause')}
                >
                  {WALKTHROUGH_TEXT.pause}
                </Button>
              )}
              <Button leftSection={<IconFlag size={18} aria-hidden />} onClick={finish}>
                {WALKTHROUGH_TEXT.finish}
              </Button>
            </>
          )
        }
      />
      <FormError message={change.isError && errorMessage(change.error, change.error.message)} />
      {finishing && (
        <Alert color="harbor" variant="light">
          Finished on this device: it is sent with the doors recorded here when the network returns.
        </Alert>
      )}
      {walkthrough.status === 'paused' && !finishing && (
        <Alert color="gray" variant="light">
          This walkthrough is paused. Resume it, or record a door to carry on.
        </Alert>
      )}
      <WalkthroughProgress
        checked={walk.progress.checked_count}
        total={walk.progress.unit_count}
        discrepancies={discrepancies}
      />
      {(walk.waiting > 0 || !network.online) && (
        <Text fz="sm" c="gray.7" role="status">
          {!network.online && 'Offline: doors are kept on this device and sent when the network returns. '}
          {walk.waitingText}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">{walk.announcement}</VisuallyHidden>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            {left === 0 && (
              <Alert color="teal" variant="light">
                {WALKTHROUGH_TEXT.allChecked}
              </Alert>
            )}
            {walk.current && !finishing && <WalkPanel unit={walk.current} onRecord={walk.record} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          {mapPending ? (
            <PageLoader label="Loading the map…" />
          ) : (
            <WalkMap
              units={walk.units}
              geometry={geometry}
              colors={walk.colors}
              skipped={walk.skipped}
              current={walk.current}
              onSelect={walk.select}
            />
          )}
        </Grid.Col>
      </Grid>
      <WalkthroughUnitList
        units={walk.units}
        siteCode={walkthrough.location_code}
        onCheck={(unit) => walk.select(unit.unit_no)}
      />
    </Stack>
  )
}

function Results({ walkthrough, header, geometry }: { walkthrough: Walkthrough; header: Header; geometry: Geometry }) {
  const [selected, setSelected] = useState<string | null>(null)
  const colors = useMemo(
    () => new Map(walkthrough.units.map((unit) => [unit.unit_no, DOOR_COLORS[doorStateOf(unit)]])),
    [walkthrough.units],
  )
  const skipped = useMemo(
    () => new Set(walkthrough.units.filter((unit) => unit.expected === 'skip').map((unit) => unit.unit_no)),
    [walkthrough.units],
  )
  const current = walkthrough.units.find((unit) => unit.unit_no === selected) ?? null
  return (
    <Stack gap="md">
      <PageHeader
        {...header}
        description={`Finished ${formatDateTime(walkthrough.finished_at!)} by ${walkthrough.finished_by?.full_name ?? ''}`}
      />
      <WalkthroughFigures walkthrough={walkthrough} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: current ? 7 : 12 }}>
          <WalkMap
            units={walkthrough.units}
            geometry={geometry}
            colors={colors}
            skipped={skipped}
            current={current}
            onSelect={setSelected}
          />
        </Grid.Col>
        {current && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <WalkPanel unit={current} readOnly />
          </Grid.Col>
        )}
      </Grid>
      <WalkthroughUnitList units={walkthrough.units} siteCode={walkthrough.location_code} />
    </Stack>
  )
}
