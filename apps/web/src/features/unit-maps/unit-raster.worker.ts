import {
  drawFloor,
  groupPaths,
  pictureSize,
  type PathGroups,
  type RasterPaint,
  type RasterRequest,
  type RasterScene,
} from './unit-raster.ts'

/** Messages the map layer sends (unit-raster-client.ts). */
export type RasterMessage =
  | { type: 'scene'; scene: RasterScene }
  | { type: 'paint'; paint: RasterPaint }
  | { type: 'draw'; request: RasterRequest }

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RasterMessage>) => void) | null
  postMessage(message: unknown, transfer: Transferable[]): void
}

let scene: RasterScene | null = null
let paint: RasterPaint = { fills: [], looks: [] }
let groups: PathGroups | null = null

scope.onmessage = ({ data }) => {
  if (data.type === 'scene') {
    scene = data.scene
    groups = null
  } else if (data.type === 'paint') {
    paint = data.paint
    groups = null
  } else if (scene) {
    const { width, height } = pictureSize(data.request)
    const canvas = new OffscreenCanvas(width, height)
    drawFloor(canvas.getContext('2d')!, (groups ??= groupPaths(scene, paint)), data.request)
    const bitmap = canvas.transferToImageBitmap()
    scope.postMessage({ id: data.request.id, bitmap }, [bitmap])
  }
}
