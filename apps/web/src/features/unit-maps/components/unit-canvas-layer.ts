import L from 'leaflet'
import { LOOK_STYLES, type UnitLook, type UnitScene } from '../unit-map-scene.ts'

/** Extra canvas around the view on each side (share of its size), so short pans need no redraw. */
const PADDING = 0.25
const LOOK_ORDER: readonly UnitLook[] = ['faded', 'normal', 'match', 'selected']

interface Drawn {
  zoom: number
  /** Top-left corner of the canvas in layer pixels, and its size in CSS pixels. */
  topLeft: L.Point
  size: L.Point
  /** The map position of the canvas's top-left corner, to place it during zoom animations. */
  northWest: L.LatLng
}

/** Leaflet's own image and vector layers place themselves during zoom animations with this helper. */
type MapWithAnimation = L.Map & { _latLngToNewLayerPoint(latlng: L.LatLng, zoom: number, center: L.LatLng): L.Point }

/** The floor's outlines in plan coordinates, one path per look and fill colour, in drawing order. */
function groupPaths(scene: UnitScene, fills: readonly string[], looks: readonly UnitLook[]) {
  const groups = new Map<UnitLook, Map<string, Path2D>>()
  const { corners, boxes, axisAligned } = scene
  for (let at = 0; at < scene.units.length; at++) {
    const look = looks[at] ?? 'normal'
    const fill = fills[at] ?? '#adb5bd'
    let byFill = groups.get(look)
    if (!byFill) groups.set(look, (byFill = new Map<string, Path2D>()))
    let path = byFill.get(fill)
    if (!path) byFill.set(fill, (path = new Path2D()))
    const base = at * 4
    if (axisAligned[at]) {
      path.rect(boxes[base]!, boxes[base + 1]!, boxes[base + 2]! - boxes[base]!, boxes[base + 3]! - boxes[base + 1]!)
      continue
    }
    const corner = at * 8
    path.moveTo(corners[corner]!, corners[corner + 1]!)
    path.lineTo(corners[corner + 2]!, corners[corner + 3]!)
    path.lineTo(corners[corner + 4]!, corners[corner + 5]!)
    path.lineTo(corners[corner + 6]!, corners[corner + 7]!)
    path.closePath()
  }
  return groups
}

/**
 * Every unit of a floor on one canvas layer instead of a Leaflet path per unit: one path per look and
 * fill colour, built when the paint changes, so a redraw is a few fills and strokes through the view's
 * transform (the rasteriser clips what is out of view). Panning inside the padding moves the drawn
 * canvas with the map pane and draws nothing; zooming scales it until the zoom ends, then draws once.
 */
export class UnitCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null
  private drawn: Drawn | null = null
  private frame = 0
  /** The outlines of the floor, one path per look and fill colour, built once per paint. */
  private groups: Map<UnitLook, Map<string, Path2D>> | null = null

  constructor(
    private scene: UnitScene,
    private fills: readonly string[],
    private looks: readonly UnitLook[],
  ) {
    super()
  }

  /** New colours and looks (statuses, search or selection changed): one redraw. */
  setPaint(fills: readonly string[], looks: readonly UnitLook[]) {
    this.fills = fills
    this.looks = looks
    this.groups = null
    if (this._map) this.redraw()
  }

  onAdd(map: L.Map) {
    const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-animated')
    canvas.style.pointerEvents = 'none'
    map.getPanes().overlayPane.appendChild(canvas)
    this.canvas = canvas
    this.redraw()
    return this
  }

  onRemove() {
    cancelAnimationFrame(this.frame)
    this.canvas?.remove()
    this.canvas = null
    this.drawn = null
    return this
  }

  getEvents() {
    return {
      moveend: this.update,
      viewreset: this.update,
      resize: this.redraw,
      move: this.onMove,
      zoom: this.onZoom,
      zoomanim: this.onZoomAnim,
    }
  }

  /** Redraws unless the canvas already covers the view at this zoom. */
  private update = () => {
    if (!this.covers()) this.redraw()
  }

  /** A long drag leaves the padding: draw again on the next frame rather than show an empty edge. */
  private onMove = () => {
    if (this.frame || this.covers() || this.drawn?.zoom !== this._map.getZoom()) return
    this.frame = requestAnimationFrame(() => {
      this.frame = 0
      if (this._map) this.update()
    })
  }

  private covers(): boolean {
    const drawn = this.drawn
    if (!drawn || drawn.zoom !== this._map.getZoom()) return false
    const topLeft = this._map.containerPointToLayerPoint([0, 0])
    const bottomRight = topLeft.add(this._map.getSize())
    return (
      topLeft.x >= drawn.topLeft.x &&
      topLeft.y >= drawn.topLeft.y &&
      bottomRight.x <= drawn.topLeft.x + drawn.size.x &&
      bottomRight.y <= drawn.topLeft.y + drawn.size.y
    )
  }

  /** Pinch and fly-to: the drawn canvas is scaled in place until the zoom ends. */
  private onZoom = () => {
    if (!this.drawn || !this.canvas) return
    const scale = this._map.getZoomScale(this._map.getZoom(), this.drawn.zoom)
    L.DomUtil.setTransform(this.canvas, this._map.latLngToLayerPoint(this.drawn.northWest), scale)
  }

  private onZoomAnim = (leafletEvent: L.LeafletEvent) => {
    const event = leafletEvent as L.ZoomAnimEvent
    if (!this.drawn || !this.canvas) return
    const scale = this._map.getZoomScale(event.zoom, this.drawn.zoom)
    const offset = (this._map as MapWithAnimation)._latLngToNewLayerPoint(
      this.drawn.northWest,
      event.zoom,
      event.center,
    )
    L.DomUtil.setTransform(this.canvas, offset, scale)
  }

  redraw = () => {
    const map = this._map
    const canvas = this.canvas
    if (!map || !canvas) return
    const view = map.getSize()
    const pad = view.multiplyBy(PADDING).round()
    const topLeft = map.containerPointToLayerPoint([0, 0]).subtract(pad)
    const size = view.add(pad.multiplyBy(2))
    const ratio = Math.min(window.devicePixelRatio || 1, 2)
    const width = Math.round(size.x * ratio)
    const height = Math.round(size.y * ratio)
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width
      canvas.height = height
      canvas.style.width = `${size.x}px`
      canvas.style.height = `${size.y}px`
    }
    L.DomUtil.setPosition(canvas, topLeft)
    const zoom = map.getZoom()
    this.drawn = { zoom, topLeft, size, northWest: map.layerPointToLatLng(topLeft) }

    const context = canvas.getContext('2d')!
    context.setTransform(1, 0, 0, 1, 0, 0)
    context.clearRect(0, 0, width, height)
    // CRS.Simple: plan point (x, y) is layer pixel (x·s, y·s) − pixel origin.
    const scale = map.getZoomScale(zoom, 0)
    const origin = map.getPixelOrigin()
    const minX = (topLeft.x + origin.x) / scale
    const minY = (topLeft.y + origin.y) / scale
    const groups = (this.groups ??= groupPaths(this.scene, this.fills, this.looks))
    context.setTransform(ratio * scale, 0, 0, ratio * scale, ratio * -minX * scale, ratio * -minY * scale)
    context.lineJoin = 'round'
    for (const look of LOOK_ORDER) {
      const byFill = groups.get(look)
      if (!byFill) continue
      const style = LOOK_STYLES[look]
      context.globalAlpha = style.fillOpacity
      for (const [fill, path] of byFill) {
        context.fillStyle = fill
        context.fill(path)
      }
      context.globalAlpha = style.opacity
      context.strokeStyle = style.stroke
      context.lineWidth = style.width / scale
      for (const path of byFill.values()) context.stroke(path)
    }
    context.globalAlpha = 1
    canvas.dataset.unitsDrawn = String(this.scene.units.length)
  }
}
