import {
  drawFloor,
  groupPaths,
  pictureSize,
  type PathGroups,
  type RasterPaint,
  type RasterRequest,
  type RasterScene,
} from './unit-raster.ts'
import type { RasterMessage } from './unit-raster.worker.ts'

/** Draws pictures of a floor; `draw` answers the request's id with its bitmap, off the main thread where possible. */
export interface Rasterizer {
  setScene(scene: RasterScene): void
  setPaint(paint: RasterPaint): void
  draw(request: RasterRequest): void
  dispose(): void
}

/** On the main thread, for browsers without OffscreenCanvas in workers or when the worker cannot load (offline). */
function mainThreadRasterizer(onPicture: (id: number, bitmap: ImageBitmap) => void): Rasterizer {
  let scene: RasterScene | null = null
  let paint: RasterPaint = { fills: [], looks: [] }
  let groups: PathGroups | null = null
  let disposed = false
  return {
    setScene(next) {
      scene = next
      groups = null
    },
    setPaint(next) {
      paint = next
      groups = null
    },
    draw(request) {
      if (!scene) return
      const canvas = document.createElement('canvas')
      Object.assign(canvas, pictureSize(request))
      drawFloor(canvas.getContext('2d')!, (groups ??= groupPaths(scene, paint)), request)
      void createImageBitmap(canvas).then((bitmap) => (disposed ? bitmap.close() : onPicture(request.id, bitmap)))
    },
    dispose() {
      disposed = true
    },
  }
}

/**
 * A rasteriser in a worker (OffscreenCanvas): the floor's paths are filled and rasterised there, so panning and
 * pinching never wait for them. Falls back to the main thread when the worker cannot run.
 */
export function createRasterizer(onPicture: (id: number, bitmap: ImageBitmap) => void): Rasterizer {
  const fallback = () => mainThreadRasterizer(onPicture)
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return fallback()
  let worker: Worker | null = new Worker(new URL('./unit-raster.worker.ts', import.meta.url), { type: 'module' })
  let local: Rasterizer | null = null
  let scene: RasterScene | null = null
  let paint: RasterPaint | null = null
  let last: RasterRequest | null = null
  const send = (message: RasterMessage) => worker?.postMessage(message)
  worker.onmessage = ({ data }: MessageEvent<{ id: number; bitmap: ImageBitmap }>) => onPicture(data.id, data.bitmap)
  worker.onerror = () => {
    worker?.terminate()
    worker = null
    local = fallback()
    if (scene) local.setScene(scene)
    if (paint) local.setPaint(paint)
    if (last) local.draw(last)
  }
  return {
    setScene(next) {
      scene = next
      if (local) local.setScene(next)
      else send({ type: 'scene', scene: next })
    },
    setPaint(next) {
      paint = next
      if (local) local.setPaint(next)
      else send({ type: 'paint', paint: { fills: [...next.fills], looks: [...next.looks] } })
    },
    draw(request) {
      last = request
      if (local) local.draw(request)
      else send({ type: 'draw', request })
    },
    dispose() {
      worker?.terminate()
      worker = null
      local?.dispose()
    },
  }
}
