import { useMemo, useState } from 'react'
import { Alert, Anchor, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconInfoCircle, IconUpload } from '@tabler/icons-react'
import { countOf } from '@storageops/contracts/counts'
import type { CsvErrorBody, LocationUnit } from '@storageops/contracts/unit-maps'
import {
  SYSTEM_CATEGORIES,
  SYSTEM_FLOOR,
  SYSTEM_UNIT_NO,
  UNIT_MAP_TEXT,
  floorsOf,
  pickedPosition,
  type SystemCategory,
} from '@storageops/contracts/unit-map-rules'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { CsvErrors } from '../../../components/ui/csv-errors.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLocationUnits } from '../api/get-location-units.ts'
import { useUnitStatuses } from '../api/get-unit-statuses.ts'
import { useSaveSystemUnits } from '../api/save-system-units.ts'
import { useCheckLocationUnits, useUploadLocationUnits } from '../api/upload-location-units.ts'
import { FloorRadios } from './floor-radios.tsx'
import { placementErrors, SystemUnitFields, type PlacementErrors, type SystemPlacement } from './system-unit-fields.tsx'
import { UnitMap } from './unit-map.tsx'
import { useWalkOrderDraft, WalkOrderPanel } from './walk-order-editor.tsx'

const EMPTY: SystemPlacement = { left_coordinate: '', top_coordinate: '', system_rotation: 0, size: 40 }

function placementOf(units: readonly LocationUnit[], category: SystemCategory): SystemPlacement {
  const unit = units.find((candidate) => candidate.system && candidate.category_name === category)
  return unit
    ? {
        left_coordinate: unit.left_coordinate,
        top_coordinate: unit.top_coordinate,
        system_rotation: unit.system_rotation,
        size: unit.width,
      }
    : EMPTY
}

const isComplete = (placement: SystemPlacement) => Object.values(placement).every((value) => value !== '')

/** The Facility Map editor (spec: admin-console-part-1 §2, §5, §8, §9); the map previews unsaved placements. */
export function MapEditor({ locationCode }: { locationCode: string }) {
  const units = useLocationUnits(locationCode)
  const statuses = useUnitStatuses(locationCode)
  const check = useCheckLocationUnits(locationCode)
  const upload = useUploadLocationUnits(locationCode)
  const save = useSaveSystemUnits(locationCode)
  const [chosenFloor, setChosenFloor] = useState<number | null>(null)
  const [csvError, setCsvError] = useState<CsvErrorBody | null>(null)
  const [edits, setEdits] = useState<Partial<Record<SystemCategory, SystemPlacement>>>({})
  const [picking, setPicking] = useState<SystemCategory | null>(null)
  const [showWalkOrder, setShowWalkOrder] = useState(false)

  const allUnits = useMemo(() => units.data ?? [], [units.data])
  const placements = useMemo(
    () =>
      Object.fromEntries(
        SYSTEM_CATEGORIES.map((category) => [category, edits[category] ?? placementOf(allUnits, category)]),
      ) as Record<SystemCategory, SystemPlacement>,
    [allUnits, edits],
  )
  // The map shows the placements being edited, saved or not.
  const shownUnits = useMemo(() => {
    const preview = SYSTEM_CATEGORIES.filter((category) => isComplete(placements[category])).map(
      (category, index): LocationUnit => {
        const placement = placements[category]
        return {
          id: -1 - index,
          location_code: locationCode,
          unit_id: SYSTEM_UNIT_NO[category],
          unit_no: SYSTEM_UNIT_NO[category],
          floor_no: SYSTEM_FLOOR,
          left_coordinate: Number(placement.left_coordinate),
          top_coordinate: Number(placement.top_coordinate),
          width: Number(placement.size),
          length: Number(placement.size),
          rotate: 0,
          system_rotation: Number(placement.system_rotation),
          category_name: category,
          description: category,
          system: true,
        }
      },
    )
    return [...allUnits.filter((unit) => !unit.system), ...preview]
  }, [allUnits, placements, locationCode])
  const walkOrder = useWalkOrderDraft(locationCode, allUnits)
  const floors = useMemo(() => floorsOf(allUnits), [allUnits])
  const floor = chosenFloor !== null && floors.includes(chosenFloor) ? chosenFloor : floors[0]!

  const showCsvError = (error: Error) => {
    if (error instanceof ApiError && error.status === 400) setCsvError(error.body as CsvErrorBody)
    showToast(error instanceof ApiError ? error.message : 'Failed to save data', 'error')
  }

  const uploadFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: (result) => {
        setChosenFloor(null)
        showToast(`Imported ${result.imported} units.`, 'success')
      },
      onError: showCsvError,
    })

  // Issue 18: the file is checked first, so the confirmation says what will change before anything does.
  const chooseFile = (file: File | null) => {
    if (!file) return
    setCsvError(null)
    if (!/\.csv$/i.test(file.name)) {
      showToast('Only .csv files are accepted.', 'error')
      return
    }
    check.mutate(file, {
      onSuccess: (result) =>
        confirmAction({
          title: 'Upload CSV',
          message: (
            <Stack gap="xs" component="span">
              <span>{UNIT_MAP_TEXT.confirmUpload}</span>
              <strong>
                {countOf(result.imported, 'unit')} on {result.floors.length === 1 ? 'floor' : 'floors'}{' '}
                {result.floors.join(', ')} replace {countOf(result.replaced, 'unit')}; the Gate and the Rental Center
                stay.
              </strong>
              <Text span fz="sm" c="gray.7">
                File: {file.name}
              </Text>
            </Stack>
          ),
          confirm: 'Upload',
          color: 'red.8',
          onConfirm: () => uploadFile(file),
        }),
      onError: showCsvError,
    })
  }

  const startPick = (category: SystemCategory) => {
    setPicking((current) => (current === category ? null : category))
    setChosenFloor(SYSTEM_FLOOR)
  }

  const onPick = (lat: number, lng: number) => {
    if (!picking) return
    const position = pickedPosition(lat, lng)
    setEdits((current) => ({ ...current, [picking]: { ...placements[picking], ...position } }))
    setPicking(null)
  }

  const errors = Object.fromEntries(
    SYSTEM_CATEGORIES.map((category) => [category, placementErrors(category, placements[category])]),
  ) as Record<SystemCategory, PlacementErrors>
  const isValid = SYSTEM_CATEGORIES.every((category) => Object.keys(errors[category]).length === 0)
  const complete = SYSTEM_CATEGORIES.filter((category) => isComplete(placements[category]))
  const saveSystem = () =>
    save.mutate(
      {
        location_code: locationCode,
        units: complete.map((category) => {
          const placement = placements[category]
          return {
            category_name: category,
            left_coordinate: Number(placement.left_coordinate),
            top_coordinate: Number(placement.top_coordinate),
            system_rotation: Number(placement.system_rotation),
            size: Number(placement.size),
          }
        }),
      },
      {
        onSuccess: () => {
          setEdits({})
          showToast('Data saved successfully', 'success')
        },
        onError: (error) =>
          showToast(error instanceof ApiError && error.status === 400 ? error.message : 'Failed to save data', 'error'),
      },
    )

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Units CSV
          </Title>
          <Text fz="sm" c="gray.7">
            Uploading a CSV replaces all units of this facility; the Gate and the Rental Center stay.
          </Text>
          <Group gap="sm">
            <FileButton onChange={chooseFile} accept=".csv,text/csv">
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={check.isPending || upload.isPending}
                >
                  Upload CSV
                </Button>
              )}
            </FileButton>
            <Anchor href={`/${UNIT_MAP_TEXT.sampleFile}`} download={UNIT_MAP_TEXT.sampleFile} fz="sm">
              <Group gap={4} component="span">
                <IconDownload size={16} aria-hidden />
                Download example CSV
              </Group>
            </Anchor>
          </Group>
          {csvError && <CsvErrors body={csvError} />}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Gate and Rental Center
          </Title>
          <Text fz="sm" c="gray.7">
            Both stand on floor 1. Pick on map places the one chosen where you click next.
          </Text>
          {SYSTEM_CATEGORIES.map((category) => (
            <SystemUnitFields
              key={category}
              category={category}
              value={placements[category]}
              errors={errors[category]}
              onChange={(next) => setEdits((current) => ({ ...current, [category]: next }))}
              picking={picking === category}
              onPick={() => startPick(category)}
            />
          ))}
          <Button
            w="fit-content"
            onClick={saveSystem}
            loading={save.isPending}
            disabled={complete.length === 0 || !isValid}
          >
            Save Gate and Rental Center
          </Button>
        </Stack>
      </Paper>

      {units.isPending ? (
        <Text fz="sm">Loading units…</Text>
      ) : units.isError ? (
        <FormError title="The units could not be loaded" message={units.error.message} />
      ) : (
        <Stack gap="sm">
          {allUnits.filter((unit) => !unit.system).length === 0 && (
            <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
              {UNIT_MAP_TEXT.noUnits}
            </Alert>
          )}
          <FloorRadios floors={floors} value={floor} onChange={setChosenFloor} />
          {picking && (
            <Text fz="sm" fw={600} role="status">
              Click the map where the {picking} goes.
            </Text>
          )}
          <UnitMap
            label={`Map of floor ${floor}`}
            units={shownUnits}
            floor={floor}
            statuses={statuses.data}
            colors={showWalkOrder ? walkOrder.colors : undefined}
            onPick={picking ? onPick : null}
            onTrace={walkOrder.onTrace}
            height={520}
          />
          {walkOrder.traced && (
            <Text fz="sm" role="status">
              {walkOrder.traced.length === 0
                ? 'Drag across the units in the order they are walked.'
                : `Traced: ${walkOrder.traced.slice(-8).join(' → ')}${walkOrder.traced.length > 8 ? ` (${walkOrder.traced.length} units)` : ''}`}
            </Text>
          )}
          {allUnits.some((unit) => !unit.system) && (
            <WalkOrderPanel
              locationCode={locationCode}
              draft={walkOrder}
              shown={showWalkOrder}
              onShow={setShowWalkOrder}
            />
          )}
        </Stack>
      )}
    </Stack>
  )
}
