import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import { MapContainer, useMap, useMapEvents } from 'react-leaflet'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { MAP_LABEL_ZOOM, SYSTEM_CATEGORIES, type UnitStatus } from '@storageops/contracts/unit-map-rules'
import { unitCenter, unitCorners, unitSizeLabel } from '../unit-geometry.ts'
import { buildScene, hitTest, unitLook, unitsInView } from '../unit-map-scene.ts'
import { UnitCanvasLayer } from './unit-canvas-layer.ts'
import { STATUS_COLORS } from './unit-colors.ts'
import classes from './unit-map.module.css'

/** Labels drawn at most at once; past it the view is too crowded to read them anyway. */
const MAX_LABELS = 600
/** The zoom the search flies to: above MAP_LABEL_ZOOM, so the found unit's label shows. */
const FOCUS_ZOOM = MAP_LABEL_ZOOM + 1

export interface UnitMapProps {
  units: readonly LocationUnit[]
  floor: number
  /** Status by unit number from the storage-management system; missing units are grey. */
  statuses?: ReadonlyMap<string, UnitStatus>
  /** Fill colour by unit number instead of the status colours (a walkthrough's layer); missing units are grey. */
  colors?: ReadonlyMap<string, string>
  /** Unit numbers drawn faded (not part of what the map is about, e.g. units a walkthrough skips). */
  dimmed?: ReadonlySet<string>
  /** The map pans this unit into view whenever it changes (keeping the zoom), unless it is in view already. */
  follow?: string | null
  /** Trace mode: the map does not pan; a drag reports each unit the pointer crosses, in order (the walk order editor). */
  onTrace?: ((unit: LocationUnit) => void) | null
  /** Unit numbers matched by the search: drawn with an outline while the others fade. Empty: no search. */
  highlighted?: ReadonlySet<string>
  focus?: { unitNo: string; key: number } | null
  selectedUnitNo?: string | null
  onUnitSelect?: (unit: LocationUnit) => void
  /** Pick mode: the cursor is a cross-hair and a click reports its map coordinate (lat, lng of CRS.Simple). */
  onPick?: ((lat: number, lng: number) => void) | null
  height?: number | string
  label: string
}

const isSystem = (unit: LocationUnit) =>
  unit.system && (SYSTEM_CATEGORIES as readonly string[]).includes(unit.category_name ?? '')

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Gate and Rental Center points at least this far apart (screen px) get their labels side by side, else stacked. */
const SIDE_BY_SIDE_MIN_PX = 16

/** Screen pixels around a tap that still hit a unit's outline. */
const TAP_TOLERANCE_PX = 4

/** One floor's units on a canvas layer, the Gate and Rental Center as markers, labels above zoom 2 (spec §2, §9). */
function UnitLayers({
  units,
  floor,
  statuses,
  colors,
  dimmed,
  follow,
  onTrace,
  highlighted,
  focus,
  selectedUnitNo,
  onUnitSelect,
}: Omit<UnitMapProps, 'label' | 'height' | 'onPick'> & { highlighted: ReadonlySet<string> }) {
  const map = useMap()
  const layer = useRef<UnitCanvasLayer | null>(null)
  const touched = useRef(false)
  const onSelect = useRef(onUnitSelect)
  useEffect(() => {
    onSelect.current = onUnitSelect
  }, [onUnitSelect])
  const floorUnits = useMemo(() => units.filter((unit) => unit.floor_no === floor), [units, floor])
  const scene = useMemo(() => buildScene(floorUnits.filter((unit) => !isSystem(unit))), [floorUnits])
  const fills = useMemo(
    () =>
      scene.units.map((unit) =>
        colors
          ? (colors.get(unit.unit_no) ?? STATUS_COLORS.Unknown)
          : STATUS_COLORS[statuses?.get(unit.unit_no) ?? 'Unknown'],
      ),
    [scene, statuses, colors],
  )
  const looks = useMemo(
    () => scene.units.map((unit) => unitLook(unit.unit_no, highlighted, selectedUnitNo, dimmed)),
    [scene, highlighted, selectedUnitNo, dimmed],
  )
  const paint = useRef({ fills, looks })
  useLayoutEffect(() => {
    paint.current = { fills, looks }
  }, [fills, looks])

  useEffect(() => {
    const group = L.layerGroup().addTo(map)
    const labelGroup = L.layerGroup().addTo(map)
    const canvasLayer = new UnitCanvasLayer(scene, paint.current.fills, paint.current.looks).addTo(map)
    layer.current = canvasLayer
    const bounds = L.latLngBounds([])
    const markers: L.Marker[] = []
    if (scene.index) bounds.extend([-scene.index.minY, scene.index.minX]).extend([-scene.index.maxY, scene.index.maxX])
    for (const unit of floorUnits) {
      if (!isSystem(unit)) continue
      const corners = unitCorners(unit, unit.system_rotation)
      corners.forEach((corner) => bounds.extend(corner))
      L.polygon(corners, {
        color: '#343a40',
        weight: 1.5,
        dashArray: '4 3',
        fill: false,
        interactive: false,
      }).addTo(group)
      const gate = unit.category_name === 'Gate'
      const html = `<span class="${classes.marker} ${gate ? classes.markerGate : classes.markerOffice}" data-system-marker="${escapeHtml(unit.category_name ?? '')}">${escapeHtml(unit.category_name ?? '')}</span>`
      const marker = L.marker(unitCenter(unit), {
        icon: L.divIcon({ html, className: '', iconSize: [0, 0] }),
        title: unit.category_name ?? '',
        alt: unit.category_name ?? '',
        keyboard: false,
      }).addTo(group)
      markers.push(marker)
    }
    // Gate and Rental Center labels side by side when close; sizes from a ResizeObserver, never read in a zoom frame.
    const labelSizes = new Map<Element, { width: number; height: number }>()
    const separateMarkers = () => {
      const placed = markers
        .map((marker) => {
          const label = marker.getElement()?.querySelector<HTMLElement>('[data-system-marker]')
          const size = label && labelSizes.get(label)
          return label && size ? { label, size, point: map.latLngToLayerPoint(marker.getLatLng()) } : null
        })
        .filter((entry) => entry !== null)
        .sort((a, b) => a.point.x - b.point.x)
      const before = new Set<HTMLElement>()
      const after = new Set<HTMLElement>()
      const above = new Set<HTMLElement>()
      const below = new Set<HTMLElement>()
      for (let at = 1; at < placed.length; at++) {
        const left = placed[at - 1]!
        const right = placed[at]!
        const apart = right.point.x - left.point.x
        const overlap =
          apart < (left.size.width + right.size.width) / 2 + 4 &&
          Math.abs(right.point.y - left.point.y) < Math.max(left.size.height, right.size.height) + 4
        if (!overlap) continue
        // Side by side each label still covers 6 px past its point: points closer than that stack the labels instead.
        if (apart >= SIDE_BY_SIDE_MIN_PX) {
          before.add(left.label)
          after.add(right.label)
        } else {
          const [upper, lower] = left.point.y <= right.point.y ? [left, right] : [right, left]
          above.add(upper.label)
          below.add(lower.label)
        }
      }
      for (const { label } of placed) {
        label.classList.toggle(classes.markerBefore!, before.has(label))
        label.classList.toggle(classes.markerAfter!, after.has(label))
        label.classList.toggle(classes.markerAbove!, above.has(label))
        label.classList.toggle(classes.markerBelow!, below.has(label))
      }
    }
    const labelObserver = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = entry.borderBoxSize[0]
        if (box) labelSizes.set(entry.target, { width: box.inlineSize, height: box.blockSize })
      }
      separateMarkers()
    })
    for (const marker of markers) {
      const label = marker.getElement()?.querySelector('[data-system-marker]')
      if (label) labelObserver.observe(label)
    }

    // Labels of the units in (a little more than) the view; those that stay are kept (docs/areas/unit-maps.md).
    // Layer points are relative to the pixel origin, which a flyTo moves even when it ends at the zoom it started at.
    let labelled: { zoom: number; origin: L.Point; area: L.Bounds } | null = null
    const labels = new Map<number, L.Marker>()
    const drawLabels = () => {
      const zoom = map.getZoom()
      if (zoom <= MAP_LABEL_ZOOM) {
        if (labelled) labelGroup.clearLayers()
        labels.clear()
        labelled = null
        return
      }
      const view = L.bounds(map.containerPointToLayerPoint([0, 0]), map.containerPointToLayerPoint(map.getSize()))
      const origin = map.getPixelOrigin()
      if (labelled && labelled.zoom === zoom && labelled.origin.equals(origin) && labelled.area.contains(view)) return
      const size = map.getSize().multiplyBy(0.25)
      const area = L.bounds(view.min!.subtract(size), view.max!.add(size))
      labelled = { zoom, origin, area }
      const northWest = map.layerPointToLatLng(area.min!)
      const southEast = map.layerPointToLatLng(area.max!)
      const wanted = new Set(
        unitsInView(scene, northWest.lng, -northWest.lat, southEast.lng, -southEast.lat).slice(0, MAX_LABELS),
      )
      for (const [at, marker] of labels) {
        if (wanted.has(at)) continue
        labelGroup.removeLayer(marker)
        labels.delete(at)
      }
      for (const at of wanted) {
        if (labels.has(at)) continue
        const unit = scene.units[at]!
        const html = `<span class="${classes.label}" data-unit-label="${escapeHtml(unit.unit_no)}"><b>${escapeHtml(unit.unit_no)}</b><span>${escapeHtml(unitSizeLabel(unit))}</span></span>`
        const marker = L.marker(unitCenter(unit), {
          icon: L.divIcon({ html, className: '', iconSize: [80, 28], iconAnchor: [40, 14] }),
          interactive: false,
          keyboard: false,
        })
        labels.set(at, marker)
        labelGroup.addLayer(marker)
      }
    }

    const unitAt = (event: L.LeafletMouseEvent) => {
      const tolerance = TAP_TOLERANCE_PX / map.getZoomScale(map.getZoom(), 0)
      const at = hitTest(scene, event.latlng.lng, -event.latlng.lat, tolerance)
      return at < 0 ? null : scene.units[at]!
    }
    const onClick = (event: L.LeafletMouseEvent) => {
      const unit = unitAt(event)
      if (unit) onSelect.current?.(unit)
    }
    const container = map.getContainer()
    const onHover = (event: L.LeafletMouseEvent) => {
      if (!onSelect.current) return
      container.style.cursor = unitAt(event) ? 'pointer' : ''
    }
    map.on('click', onClick)
    map.on('mousemove', onHover)
    map.on('zoomend moveend', drawLabels)
    map.on('zoomend viewreset', separateMarkers)

    const fit = () => {
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16], animate: false })
    }
    fit()
    drawLabels()
    separateMarkers()
    // Until the user pans or zooms, the floor stays fitted when the map changes size (a phone turned).
    touched.current = false
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
      labelObserver.disconnect()
      events.forEach((name) => container.removeEventListener(name, markTouched))
      map.off('click', onClick)
      map.off('mousemove', onHover)
      map.off('zoomend moveend', drawLabels)
      map.off('zoomend viewreset', separateMarkers)
      container.style.cursor = ''
      group.remove()
      labelGroup.remove()
      canvasLayer.remove()
      layer.current = null
    }
  }, [map, floorUnits, scene])

  useEffect(() => {
    layer.current?.setPaint(fills, looks)
  }, [fills, looks])

  const trace = useRef(onTrace)
  useEffect(() => {
    trace.current = onTrace
  }, [onTrace])
  const tracing = Boolean(onTrace)
  useEffect(() => {
    if (!tracing) return
    const container = map.getContainer()
    map.dragging.disable()
    let down = false
    let last = -1
    const report = (event: PointerEvent) => {
      const latlng = map.mouseEventToLatLng(event)
      const tolerance = TAP_TOLERANCE_PX / map.getZoomScale(map.getZoom(), 0)
      const at = hitTest(scene, latlng.lng, -latlng.lat, tolerance)
      if (at < 0 || at === last) return
      last = at
      trace.current?.(scene.units[at]!)
    }
    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return
      down = true
      last = -1
      container.setPointerCapture(event.pointerId)
      report(event)
    }
    const onMove = (event: PointerEvent) => {
      if (down) report(event)
    }
    const onUp = () => {
      down = false
    }
    container.addEventListener('pointerdown', onDown)
    container.addEventListener('pointermove', onMove)
    container.addEventListener('pointerup', onUp)
    container.addEventListener('pointercancel', onUp)
    container.style.touchAction = 'none'
    return () => {
      map.dragging.enable()
      container.removeEventListener('pointerdown', onDown)
      container.removeEventListener('pointermove', onMove)
      container.removeEventListener('pointerup', onUp)
      container.removeEventListener('pointercancel', onUp)
      container.style.touchAction = ''
    }
  }, [tracing, map, scene])

  useEffect(() => {
    const target = follow ? scene.units.find((unit) => unit.unit_no === follow) : undefined
    if (!target) return
    const center = L.latLng(unitCenter(target))
    if (map.getBounds().pad(-0.1).contains(center)) return
    touched.current = true
    map.panTo(center, { animate: true, duration: 0.25 })
  }, [follow, map, scene])

  useEffect(() => {
    if (!focus) return
    const target = scene.units.find((unit) => unit.unit_no === focus.unitNo)
    if (!target) return
    touched.current = true
    map.flyTo(unitCenter(target), Math.max(FOCUS_ZOOM, map.getZoom()), { duration: 0.6 })
  }, [focus, map, scene])

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

/** The one facility map of both apps: Leaflet with CRS.Simple (1 map unit = 1 pixel at zoom 0). */
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
