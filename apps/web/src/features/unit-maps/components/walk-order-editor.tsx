import { useMemo, useState } from 'react'
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconGripVertical, IconRoute } from '@tabler/icons-react'
import { countOf } from '@storageops/contracts/counts'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useSaveWalkOrder, useWalkOrder } from '../api/walk-order.ts'
import { aislesOf, moveAisle, reverseAisle, tracedFirst } from '../walk-order-draft.ts'

/** The first unit of the walk is green, the last violet, the ones between in between. */
const positionColor = (position: number, count: number) =>
  `hsl(${Math.round(140 + (count > 1 ? position / (count - 1) : 0) * 130)}, 62%, 45%)`

/**
 * A facility's walk order being edited (issue 31): the saved order, changed by moving or turning aisles in the list
 * or by tracing units on the map (those come first, in the order crossed). `colors` paints the map by position.
 */
export function useWalkOrderDraft(locationCode: string, units: readonly LocationUnit[]) {
  const saved = useWalkOrder(locationCode)
  const [draft, setDraft] = useState<string[] | null>(null)
  const [traced, setTraced] = useState<string[] | null>(null)
  const savedOrder = saved.data?.unit_nos
  const order = useMemo(() => {
    const base = draft ?? savedOrder ?? []
    return traced ? tracedFirst(base, traced) : base
  }, [draft, savedOrder, traced])
  const floorOf = useMemo(() => new Map(units.map((unit) => [unit.unit_no, unit.floor_no])), [units])
  const aisles = useMemo(() => aislesOf(order, floorOf), [order, floorOf])
  const colors = useMemo(
    () => new Map(order.map((unitNo, position) => [unitNo, positionColor(position, order.length)])),
    [order],
  )
  const onTrace = (unit: LocationUnit) =>
    setTraced((current) => (current && !current.includes(unit.unit_no) ? [...current, unit.unit_no] : current))
  return {
    saved,
    order,
    aisles,
    colors,
    traced,
    isChanged: draft !== null || (traced?.length ?? 0) > 0,
    startTracing: () => setTraced([]),
    stopTracing: () => {
      if (traced?.length) setDraft(order)
      setTraced(null)
    },
    onTrace: traced ? onTrace : null,
    set: (next: string[]) => {
      setTraced(null)
      setDraft(next)
    },
    discard: () => {
      setTraced(null)
      setDraft(null)
    },
  }
}

type Draft = ReturnType<typeof useWalkOrderDraft>

/** The walk order's part of the map editor: the aisles in order (drag, move, turn), tracing, save and default. */
export function WalkOrderPanel({
  locationCode,
  draft,
  shown,
  onShow,
}: {
  locationCode: string
  draft: Draft
  shown: boolean
  onShow: (shown: boolean) => void
}) {
  const save = useSaveWalkOrder(locationCode)
  const [dragged, setDragged] = useState<number | null>(null)
  const { aisles, order } = draft
  const put = (unitNos: string[], done: string) =>
    save.mutate(
      { location_code: locationCode, unit_nos: unitNos },
      {
        onSuccess: () => {
          draft.discard()
          showToast(done, 'success')
        },
      },
    )
  const aisleName = (index: number) => {
    const aisle = aisles[index]!
    return `Floor ${aisle.floor_no} · ${aisle.letters ? `Building ${aisle.letters}` : 'Numbered units'}`
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4">
            Walk order
          </Title>
          <Switch
            label="Show walk order on the map"
            checked={shown}
            onChange={(event) => onShow(event.currentTarget.checked)}
          />
        </Group>
        <Text fz="sm" c="gray.7">
          The order a walkthrough visits the units. Without one saved: floor, then building or aisle letter, then
          number. {draft.saved.data?.saved ? 'A walk order is saved.' : 'The default order is in use.'}
        </Text>
        <Group gap="sm" wrap="wrap">
          {draft.traced ? (
            <Button leftSection={<IconRoute size={16} aria-hidden />} onClick={draft.stopTracing}>
              Done tracing ({countOf(draft.traced.length, 'unit')})
            </Button>
          ) : (
            <Button
              variant="light"
              leftSection={<IconRoute size={16} aria-hidden />}
              onClick={() => {
                onShow(true)
                draft.startTracing()
              }}
            >
              Trace on map
            </Button>
          )}
          <Button onClick={() => put(order, 'Walk order saved')} loading={save.isPending} disabled={!draft.isChanged}>
            Save walk order
          </Button>
          <Button variant="default" onClick={draft.discard} disabled={!draft.isChanged}>
            Discard changes
          </Button>
          <Button
            variant="subtle"
            disabled={!draft.saved.data?.saved}
            onClick={() =>
              confirmAction({
                title: 'Default walk order',
                message: 'The saved walk order is removed; walkthroughs go by floor, building letter and number.',
                confirm: 'Use the default order',
                onConfirm: () => put([], 'Default walk order in use'),
              })
            }
          >
            Use the default order
          </Button>
        </Group>
        <FormError message={save.isError && errorMessage(save.error, 'Failed to save data')} />
        <Stack gap={6} component="ol" p={0} m={0} aria-label="Aisles in walk order" style={{ listStyle: 'none' }}>
          {aisles.map((aisle, index) => (
            <Paper
              key={aisle.key}
              component="li"
              withBorder
              radius="sm"
              p={6}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== null && dragged !== index) draft.set(moveAisle(aisles, dragged, index))
                setDragged(null)
              }}
              bg={dragged === index ? 'gray.1' : undefined}
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconGripVertical size={16} aria-hidden style={{ cursor: 'grab', flexShrink: 0 }} />
                  <Text fz="sm" fw={600}>
                    {index + 1}. {aisleName(index)}
                  </Text>
                  <Text fz="sm" c="gray.7" truncate>
                    {aisle.unit_nos[0]} → {aisle.unit_nos.at(-1)} ({countOf(aisle.unit_nos.length, 'unit')})
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${aisleName(index)} up`}
                    disabled={index === 0}
                    onClick={() => draft.set(moveAisle(aisles, index, index - 1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${aisleName(index)} down`}
                    disabled={index === aisles.length - 1}
                    onClick={() => draft.set(moveAisle(aisles, index, index + 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Walk ${aisleName(index)} the other way`}
                    onClick={() => draft.set(reverseAisle(aisles, index))}
                  >
                    <IconArrowsSort size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  )
}
