import { useMemo, useRef, useState } from 'react'
import { Alert, Box, Group, Stack, Text, TextInput } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconInfoCircle, IconSearch } from '@tabler/icons-react'
import { useParams } from 'react-router'
import { countOf } from '@storageops/contracts/counts'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import {
  MAP_SEARCH_MIN_CHARS,
  UNIT_MAP_TEXT,
  UNIT_STATUSES,
  floorsOf,
  matchUnits,
  type UnitStatus,
} from '@storageops/contracts/unit-map-rules'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { useLocationUnits } from '../../../features/unit-maps/api/get-location-units.ts'
import { useUnitStatuses } from '../../../features/unit-maps/api/get-unit-statuses.ts'
import { FloorRadios } from '../../../features/unit-maps/components/floor-radios.tsx'
import { StatusLegend } from '../../../features/unit-maps/components/status-legend.tsx'
import { UnitMap } from '../../../features/unit-maps/components/unit-map.tsx'
import { UnitList } from '../../../features/unit-maps/components/unit-list.tsx'
import { UnitPanel } from '../../../features/unit-maps/components/unit-panel.tsx'
import { NotFoundPage } from './not-found.tsx'

/** Facility Map (spec: snapshot-field-tool §2; issue 5): a search match switches to its floor and flies to it. */
export function FacilityMapPage() {
  const { slug = '' } = useParams()
  const locations = useLocations()
  const location = locations.data?.find((candidate) => candidate.slug.toLowerCase() === slug.toLowerCase())
  const units = useLocationUnits(location?.location_code)
  const statuses = useUnitStatuses(location?.location_code)
  const isPhone = useMediaQuery('(max-width: 48em)')
  const [chosenFloor, setChosenFloor] = useState<number | null>(null)
  const [query, setQuery] = useState('')
  const [focus, setFocus] = useState<{ unitNo: string; key: number } | null>(null)
  const [selected, setSelected] = useState<LocationUnit | null>(null)
  /** Height of the unit sheet open on a phone (0 without one): the page leaves that much room below its content. */
  const [sheetHeight, setSheetHeight] = useState(0)

  const allUnits = useMemo(() => units.data ?? [], [units.data])
  const floors = useMemo(() => floorsOf(allUnits), [allUnits])
  const floor = chosenFloor !== null && floors.includes(chosenFloor) ? chosenFloor : floors[0]!
  const storageUnits = useMemo(() => allUnits.filter((unit) => !unit.system), [allUnits])
  const matches = useMemo(() => matchUnits(storageUnits, query), [storageUnits, query])
  const highlighted = useMemo(() => new Set(matches.map((unit) => unit.unit_no)), [matches])
  const searching = query.trim().length >= MAP_SEARCH_MIN_CHARS

  const onSearch = (value: string) => {
    setQuery(value)
    const found = matchUnits(storageUnits, value)
    if (found.length === 0) return
    setChosenFloor(found[0]!.floor_no)
    setFocus({ unitNo: found[0]!.unit_no, key: Date.now() })
  }

  const listed = useMemo(
    () => (searching ? matches : storageUnits).filter((unit) => unit.floor_no === floor),
    [searching, matches, storageUnits, floor],
  )
  // Where focus goes back to when the unit's panel closes: what had it when the panel opened, else the map.
  const openedFrom = useRef<HTMLElement | null>(null)
  const mapRegion = useRef<HTMLDivElement>(null)
  const select = (unit: LocationUnit) => {
    if (!selected) openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setSelected(unit)
  }
  const closePanel = () => {
    setSelected(null)
    const back = openedFrom.current?.isConnected
      ? openedFrom.current
      : mapRegion.current?.querySelector('.leaflet-container')
    ;(back as HTMLElement | null | undefined)?.focus({ preventScroll: !isPhone })
  }
  // From the list (below the map, maybe scrolled far down): the map comes into view, under the header.
  const showUnit = (unit: LocationUnit) => {
    select(unit)
    setFocus({ unitNo: unit.unit_no, key: Date.now() })
    mapRegion.current?.scrollIntoView({ block: 'start' })
  }

  const legend = useMemo(() => {
    const counts = Object.fromEntries(UNIT_STATUSES.map((status) => [status, 0])) as Record<UnitStatus, number>
    let unknown = 0
    for (const unit of storageUnits) {
      if (unit.floor_no !== floor) continue
      const status = statuses.data?.get(unit.unit_no)
      if (status) counts[status]++
      else unknown++
    }
    return { counts, unknown }
  }, [storageUnits, statuses.data, floor])

  if (locations.isPending) return <PageLoader label="Loading facility…" />
  if (locations.data && !location) return <NotFoundPage />
  if (location && isOtherCase(slug, location.slug)) return <CanonicalRedirect typed={slug} canonical={location.slug} />

  return (
    <Stack gap="md">
      <PageHeader
        breadcrumbs={[
          { label: 'Facility Search', to: '/' },
          ...(location ? [{ label: location.name, to: `/${location.slug}` }] : []),
          { label: 'Facility Map' },
        ]}
        title="Facility Map"
      />

      {units.isPending ? (
        <PageLoader label="Loading units…" />
      ) : units.isError ? (
        <FormError title="The units could not be loaded" message={units.error.message} />
      ) : allUnits.length === 0 ? (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
          {UNIT_MAP_TEXT.noUnits}
        </Alert>
      ) : (
        <>
          <Group align="flex-end" gap="lg" wrap="wrap">
            <TextInput
              label="Unit search"
              placeholder="Unit number"
              description={`Acts from ${MAP_SEARCH_MIN_CHARS} characters`}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(event) => onSearch(event.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
            <FloorRadios
              floors={floors}
              value={floor}
              onChange={(next) => {
                setChosenFloor(next)
                setSelected(null)
              }}
            />
          </Group>
          <Text fz="sm" c="gray.7" aria-live="polite" mih={20}>
            {searching
              ? matches.length === 0
                ? `No unit matches "${query.trim()}".`
                : `${countOf(matches.length, 'unit')} match "${query.trim()}".`
              : ''}
          </Text>
          <div ref={mapRegion} style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 8px)' }}>
            <UnitMap
              label={`Map of floor ${floor}`}
              units={allUnits}
              floor={floor}
              statuses={statuses.data}
              highlighted={searching ? highlighted : undefined}
              focus={focus}
              selectedUnitNo={selected?.unit_no}
              onUnitSelect={select}
              height={isPhone ? '58vh' : 560}
            />
          </div>
          {statuses.isError ? (
            <Text fz="sm" c="gray.7">
              Unit statuses are not available right now ({statuses.error.message}).
            </Text>
          ) : (
            <StatusLegend counts={legend.counts} unknownCount={legend.unknown} loading={statuses.isPending} />
          )}
          {selected && location && (
            <UnitPanel
              unit={selected}
              siteCode={location.location_code}
              status={statuses.data?.get(selected.unit_no)}
              statusLoading={statuses.isPending}
              onClose={closePanel}
              sheet={isPhone}
              onSheetHeight={setSheetHeight}
            />
          )}
          <UnitList
            units={listed}
            statuses={statuses.data}
            statusesLoading={statuses.isPending}
            query={searching ? query.trim() : ''}
            onSelect={showUnit}
          />
          {selected && isPhone && sheetHeight > 0 && <Box h={sheetHeight} aria-hidden />}
        </>
      )}
    </Stack>
  )
}
