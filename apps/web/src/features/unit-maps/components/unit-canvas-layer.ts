import L from 'leaflet'
import type { UnitLook, UnitScene } from '../unit-map-scene.ts'
import { createRasterizer, type Rasterizer } from '../unit-raster-client.ts'
import { containsArea, neededArea, plannedArea, type PlanArea, type RasterRequest } from '../unit-raster.ts'

/** View size drawn beyond the view on each side, so pans rarely need a new picture. */
const PADDING = 0.5
/** Device pixels of one picture at most (32 MB of bitmap), below the canvas limits of phones. */
const MAX_PIXELS = 8_000_000
/** Plan margin around the floor's units, so their outlines are not cut at the picture's edge. */
const OUTLINE_MARGIN = 4
/** View size beyond the view on each side that must already be drawn: nearer the edge, the next picture is asked for. */
const LOOKAHEAD = 0.2

interface Picture {
  id: number
  zoom: number
  area: PlanArea
  paint: number
}

/** Leaflet's own image and vector layers place themselves during zoom animations with this helper. */
type MapWithAnimation = L.Map & { _latLngToNewLayerPoint(latlng: L.LatLng, zoom: number, center: L.LatLng): L.Point }

/** The plan point (x, y) of CRS.Simple is the map point (lat, lng) = (−y, x). */
const northWestOf = (area: PlanArea) => L.latLng(-area.minY, area.minX)

/**
 * Every unit of a floor on one canvas layer: a picture of the view and half a view around it, drawn in a worker and
 * moved or scaled with the pane, so a frame never rasterises a path (decision 010, docs/areas/unit-maps.md).
 */
export class UnitCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null
  private rasterizer: Rasterizer | null = null
  private shown: Picture | null = null
  private inFlight: Picture | null = null
  private queued: Picture | null = null
  private nextId = 1
  /** Moves on with every setPaint: pictures of an older paint are shown only until a new one comes. */
  private paint = 0
  private frame = 0
  private readonly floor: PlanArea

  constructor(
    private scene: UnitScene,
    private fills: readonly string[],
    private looks: readonly UnitLook[],
  ) {
    super()
    const index = scene.index
    this.floor = index
      ? {
          minX: index.minX - OUTLINE_MARGIN,
          minY: index.minY - OUTLINE_MARGIN,
          maxX: index.maxX + OUTLINE_MARGIN,
          maxY: index.maxY + OUTLINE_MARGIN,
        }
      : { minX: 0, minY: 0, maxX: 0, maxY: 0 }
  }

  /** New colours and looks: the picture in view is drawn again. */
  setPaint(fills: readonly string[], looks: readonly UnitLook[]) {
    this.fills = fills
    this.looks = looks
    if (!this.rasterizer) return
    this.rasterizer.setPaint({ fills, looks })
    this.paint++
    this.update()
  }

  onAdd(map: L.Map) {
    const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-animated')
    canvas.style.pointerEvents = 'none'
    canvas.style.visibility = 'hidden'
    map.getPanes().overlayPane.appendChild(canvas)
    this.canvas = canvas
    this.rasterizer = createRasterizer(this.onPicture)
    const { units, corners, boxes, axisAligned } = this.scene
    this.rasterizer.setScene({ count: units.length, corners, boxes, axisAligned })
    this.rasterizer.setPaint({ fills: this.fills, looks: this.looks })
    // After the first frame: the map is fitted to the floor by then, so the first picture is the one shown.
    this.frame = requestAnimationFrame(() => {
      this.frame = 0
      this.update()
    })
    return this
  }

  onRemove() {
    cancelAnimationFrame(this.frame)
    this.frame = 0
    this.rasterizer?.dispose()
    this.rasterizer = null
    this.canvas?.remove()
    this.canvas = null
    this.shown = this.inFlight = this.queued = null
    return this
  }

  getEvents() {
    return {
      moveend: this.update,
      zoomend: this.place,
      viewreset: this.onReset,
      resize: this.update,
      move: this.onMove,
      zoom: this.place,
      zoomanim: this.onZoomAnim,
    }
  }

  /** The plan area in view grown by `grow` of its size on each side: CRS.Simple's latitude is the plan's −y. */
  private viewArea(grow = 0): PlanArea {
    const bounds = this._map.getBounds()
    const dx = (bounds.getEast() - bounds.getWest()) * grow
    const dy = (bounds.getNorth() - bounds.getSouth()) * grow
    return {
      minX: bounds.getWest() - dx,
      minY: -bounds.getNorth() - dy,
      maxX: bounds.getEast() + dx,
      maxY: -bounds.getSouth() + dy,
    }
  }

  private covered(): boolean {
    const zoom = this._map.getZoom()
    const needed = neededArea(this.viewArea(LOOKAHEAD), this.floor)
    if (!needed) return true
    return [this.shown, this.inFlight, this.queued].some(
      (picture) =>
        picture !== null && picture.zoom === zoom && picture.paint === this.paint && containsArea(picture.area, needed),
    )
  }

  private onReset = () => {
    this.place()
    this.update()
  }

  private update = () => {
    const map = this._map
    if (!map || !this.rasterizer || this.covered()) return
    const zoom = map.getZoom()
    const scale = map.getZoomScale(zoom, 0)
    const ratio = Math.min(window.devicePixelRatio || 1, 2)
    const area = plannedArea(this.viewArea(), this.floor, { padding: PADDING, scale, ratio, maxPixels: MAX_PIXELS })
    if (!area) return
    const picture = { id: this.nextId++, zoom, area, paint: this.paint }
    if (this.inFlight) this.queued = picture
    else this.request(picture)
  }

  private request(picture: Picture) {
    this.inFlight = picture
    const scale = this._map.getZoomScale(picture.zoom, 0)
    const request: RasterRequest = {
      id: picture.id,
      area: picture.area,
      scale,
      ratio: Math.min(window.devicePixelRatio || 1, 2),
    }
    this.rasterizer!.draw(request)
  }

  private onPicture = (id: number, bitmap: ImageBitmap) => {
    const canvas = this.canvas
    if (!canvas || !this._map || this.inFlight?.id !== id) {
      bitmap.close()
      return
    }
    const picture = this.inFlight
    this.inFlight = null
    canvas.getContext('bitmaprenderer')!.transferFromImageBitmap(bitmap)
    const scale = this._map.getZoomScale(picture.zoom, 0)
    canvas.style.width = `${(picture.area.maxX - picture.area.minX) * scale}px`
    canvas.style.height = `${(picture.area.maxY - picture.area.minY) * scale}px`
    canvas.style.visibility = ''
    this.shown = picture
    this.place()
    canvas.dataset.unitsDrawn = String(this.scene.units.length)
    const queued = this.queued
    this.queued = null
    if (queued) this.request(queued)
    else this.update()
  }

  private place = () => {
    const { canvas, shown, _map: map } = this
    if (!canvas || !shown || !map) return
    L.DomUtil.setTransform(
      canvas,
      map.latLngToLayerPoint(northWestOf(shown.area)),
      map.getZoomScale(map.getZoom(), shown.zoom),
    )
  }

  /** A long drag nears the picture's edge: ask for the next one on the next frame (no layout is read). */
  private onMove = () => {
    if (this.frame) return
    this.frame = requestAnimationFrame(() => {
      this.frame = 0
      if (this._map && this.shown?.zoom === this._map.getZoom()) this.update()
    })
  }

  private onZoomAnim = (leafletEvent: L.LeafletEvent) => {
    const event = leafletEvent as L.ZoomAnimEvent
    const { canvas, shown } = this
    if (!canvas || !shown) return
    const offset = (this._map as MapWithAnimation)._latLngToNewLayerPoint(
      northWestOf(shown.area),
      event.zoom,
      event.center,
    )
    L.DomUtil.setTransform(canvas, offset, this._map.getZoomScale(event.zoom, shown.zoom))
  }
}
