import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import { MapContainer, useMap, useMapEvents } from 'react-leaflet'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { MAP_LABEL_ZOOM, SYSTEM_CATEGORIES, type UnitStatus } from '@storageops/contracts/unit-map-rules'
import { unitCenter, unitCorners, unitSizeLabel } from '../unit-geometry.ts'
import { HIGHLIGHT_COLOR, SELECTED_COLOR, STATUS_COLORS } from './unit-colors.ts'
import classes from './unit-map.module.css'

/** Labels drawn at most at once; past it the view is too crowded to read them anyway. */
const MAX_LABELS = 600
/** The zoom the search flies to: above MAP_LABEL_ZOOM, so the found unit's label shows. */
const FOCUS_ZOOM = MAP_LABEL_ZOOM + 1

export interface UnitMapProps {
  /** All units of the facility; the map draws those of `floor`. */
  units: readonly LocationUnit[]
  floor: number
  /** Status by unit number from the storage-management system; missing units are grey. */
  statuses?: ReadonlyMap<string, UnitStatus>
  /** Unit numbers matched by the search: drawn with an outline while the others fade. Empty: no search. */
  highlighted?: ReadonlySet<string>
  /** The map flies to this unit whenever `key` changes. */
  focus?: { unitNo: string; key: number } | null
  selectedUnitNo?: string | null
  onUnitSelect?: (unit: LocationUnit) => void
  /** Pick mode: the cursor is a cross-hair and a click reports its map coordinate (lat, lng of CRS.Simple). */
  onPick?: ((lat: number, lng: number) => void) | null
  /** 'canvas' (default) draws all units on one canvas; 'svg' is kept for the benchmark's comparison. */
  renderer?: 'canvas' | 'svg'
  height?: number | string
  /** Accessible name of the map region. */
  label: string
}

const isSystem = (unit: LocationUnit) =>
  unit.system && (SYSTEM_CATEGORIES as readonly string[]).includes(unit.category_name ?? '')

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

interface DrawnUnit {
  unit: LocationUnit
  shape: L.Polygon
}

/** Style of one unit from its status, the search and the selection. */
function unitStyle(
  unit: LocationUnit,
  statuses: ReadonlyMap<string, UnitStatus> | undefined,
  highlighted: ReadonlySet<string>,
  selected: string | null | undefined,
): L.PathOptions {
  const fillColor = STATUS_COLORS[statuses?.get(unit.unit_no) ?? 'Unknown']
  const searching = highlighted.size > 0
  const isMatch = highlighted.has(unit.unit_no)
  if (unit.unit_no === selected) return { color: SELECTED_COLOR, weight: 3, fillColor, fillOpacity: 0.95, opacity: 1 }
  if (searching && isMatch) return { color: HIGHLIGHT_COLOR, weight: 3, fillColor, fillOpacity: 0.95, opacity: 1 }
  if (searching) return { color: '#868e96', weight: 0.5, fillColor, fillOpacity: 0.15, opacity: 0.3 }
  return { color: '#495057', weight: 1, fillColor, fillOpacity: 0.75, opacity: 1 }
}

/**
 * The units and markers of one floor, drawn imperatively into Leaflet layers (one canvas for
 * thousands of units), restyled in place when statuses, search or selection change, with labels
 * (unit number, size) for the units in view when the zoom is above 2 (spec: snapshot-field-tool §2, §9).
 */
function UnitLayers({
  units,
  floor,
  statuses,
  highlighted,
  focus,
  selectedUnitNo,
  onUnitSelect,
  renderer,
}: Omit<UnitMapProps, 'label' | 'height' | 'onPick'> & { highlighted: ReadonlySet<string> }) {
  const map = useMap()
  const drawn = useRef<DrawnUnit[]>([])
  const labels = useRef<L.LayerGroup | null>(null)
  const touched = useRef(false)
  const onSelect = useRef(onUnitSelect)
  useEffect(() => {
    onSelect.current = onUnitSelect
  }, [onUnitSelect])
  const paint = useMemo(
    () => (renderer === 'svg' ? L.svg({ padding: 0.5 }) : L.canvas({ padding: 0.5, tolerance: 4 })),
    [renderer],
  )
  const floorUnits = useMemo(() => units.filter((unit) => unit.floor_no === floor), [units, floor])
  const styleArgs = useRef({ statuses, highlighted, selectedUnitNo })
  useLayoutEffect(() => {
    styleArgs.current = { statuses, highlighted, selectedUnitNo }
  }, [statuses, highlighted, selectedUnitNo])

  const drawLabels = useCallback(() => {
    labels.current?.clearLayers()
    if (map.getZoom() <= MAP_LABEL_ZOOM) return
    const view = map.getBounds().pad(0.1)
    let count = 0
    for (const { unit } of drawn.current) {
      if (count >= MAX_LABELS) break
      const center = L.latLng(unitCenter(unit))
      if (!view.contains(center)) continue
      count++
      const html = `<span class="${classes.label}" data-unit-label="${escapeHtml(unit.unit_no)}"><b>${escapeHtml(unit.unit_no)}</b><span>${escapeHtml(unitSizeLabel(unit))}</span></span>`
      labels.current?.addLayer(
        L.marker(center, {
          icon: L.divIcon({ html, className: '', iconSize: [80, 28], iconAnchor: [40, 14] }),
          interactive: false,
          keyboard: false,
        }),
      )
    }
  }, [map])

  useEffect(() => {
    const group = L.layerGroup().addTo(map)
    const labelGroup = L.layerGroup().addTo(map)
    labels.current = labelGroup
    const { statuses: s, highlighted: h, selectedUnitNo: sel } = styleArgs.current
    const next: DrawnUnit[] = []
    const bounds = L.latLngBounds([])
    for (const unit of floorUnits) {
      const corners = unitCorners(unit, isSystem(unit) ? unit.system_rotation : unit.rotate)
      corners.forEach((corner) => bounds.extend(corner))
      if (isSystem(unit)) {
        L.polygon(corners, {
          renderer: paint,
          color: '#343a40',
          weight: 1.5,
          dashArray: '4 3',
          fill: false,
          interactive: false,
        }).addTo(group)
        const gate = unit.category_name === 'Gate'
        const html = `<span class="${classes.marker} ${gate ? classes.markerGate : classes.markerOffice}" data-system-marker="${escapeHtml(unit.category_name ?? '')}">${escapeHtml(unit.category_name ?? '')}</span>`
        L.marker(unitCenter(unit), {
          icon: L.divIcon({ html, className: '', iconSize: [0, 0] }),
          title: unit.category_name ?? '',
          alt: unit.category_name ?? '',
          keyboard: false,
        }).addTo(group)
        continue
      }
      const shape = L.polygon(corners, { renderer: paint, ...unitStyle(unit, s, h, sel) })
      shape.on('click', () => onSelect.current?.(unit))
      shape.addTo(group)
      next.push({ unit, shape })
    }
    drawn.current = next
    const fit = () => {
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16], animate: false })
    }
    fit()
    drawLabels()
    // Until the user pans or zooms, the floor stays fitted when the map changes size (a phone turned).
    touched.current = false
    const container = map.getContainer()
    const markTouched = () => {
      touched.current = true
    }
    const events = ['mousedown', 'touchstart', 'wheel', 'keydown'] as const
    events.forEach((name) => container.addEventListener(name, markTouched, { passive: true }))
    const resize = new ResizeObserver(() => {
      map.invalidateSize({ animate: false })
      if (!touched.current) fit()
    })
    resize.observe(container)
    return () => {
      resize.disconnect()
      events.forEach((name) => container.removeEventListener(name, markTouched))
      group.remove()
      labelGroup.remove()
      drawn.current = []
    }
  }, [map, floorUnits, paint, drawLabels])

  useEffect(() => {
    for (const { unit, shape } of drawn.current) shape.setStyle(unitStyle(unit, statuses, highlighted, selectedUnitNo))
  }, [statuses, highlighted, selectedUnitNo, floorUnits])

  useEffect(() => {
    if (!focus) return
    const target = drawn.current.find(({ unit }) => unit.unit_no === focus.unitNo)
    if (!target) return
    touched.current = true
    map.flyTo(unitCenter(target.unit), Math.max(FOCUS_ZOOM, map.getZoom()), { duration: 0.6 })
  }, [focus, map, floorUnits])

  useMapEvents({ zoomend: drawLabels, moveend: drawLabels })
  return null
}

function PickHandler({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (event) => onPick(event.latlng.lat, event.latlng.lng) })
  return null
}

/** Exposes the Leaflet map on its container element, for the browser journeys and the benchmark only. */
function ExposeMap() {
  const map = useMap()
  useEffect(() => {
    ;(map.getContainer() as HTMLElement & { leafletMap?: L.Map }).leafletMap = map
  }, [map])
  return null
}

/**
 * The one facility map of both apps (issue 5): Leaflet with CRS.Simple (1 map unit = 1 pixel at zoom
 * 0) and the canvas renderer. Units of the chosen floor drawn to scale and coloured by status, Gate and
 * Rental Center as markers, labels above zoom 2, pan and pinch-zoom, search highlight with fly-to,
 * tap to select, and a pick mode for the map editor.
 */
export function UnitMap({ height = 520, label, onPick, highlighted, ...layerProps }: UnitMapProps) {
  const empty = useMemo(() => new Set<string>(), [])
  return (
    <div role="region" aria-label={label}>
      <MapContainer
        crs={L.CRS.Simple}
        center={[0, 0]}
        zoom={0}
        minZoom={-4}
        maxZoom={5}
        zoomSnap={0.5}
        zoomDelta={1}
        preferCanvas
        attributionControl={false}
        className={`${classes.map} ${onPick ? classes.picking : ''}`}
        style={{ height }}
        keyboard
      >
        <ExposeMap />
        <UnitLayers {...layerProps} highlighted={highlighted ?? empty} />
        {onPick && <PickHandler onPick={onPick} />}
      </MapContainer>
    </div>
  )
}
