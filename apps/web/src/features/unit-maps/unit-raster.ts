import { LOOK_STYLES, type UnitLook } from './unit-map-scene.ts'

/** What the rasteriser needs of a floor (see UnitScene): plain arrays, so they cross to a worker. */
export interface RasterScene {
  count: number
  corners: Float64Array
  boxes: Float64Array
  axisAligned: Uint8Array
}

export interface RasterPaint {
  fills: readonly string[]
  looks: readonly UnitLook[]
}

/** A plan rectangle (x right, y down, map units). */
export interface PlanArea {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

/** One picture: `area` of the plan at `scale` CSS pixels per map unit, `ratio` device pixels per CSS pixel. */
export interface RasterRequest {
  id: number
  area: PlanArea
  scale: number
  ratio: number
}

const LOOK_ORDER: readonly UnitLook[] = ['faded', 'normal', 'match', 'selected']

export function pictureSize(request: Pick<RasterRequest, 'area' | 'scale' | 'ratio'>) {
  const { area, scale, ratio } = request
  return {
    width: Math.max(1, Math.ceil((area.maxX - area.minX) * scale * ratio)),
    height: Math.max(1, Math.ceil((area.maxY - area.minY) * scale * ratio)),
  }
}

/** The floor's outlines in plan coordinates, one path per look and fill colour, in drawing order. */
export function groupPaths(scene: RasterScene, paint: RasterPaint) {
  const groups = new Map<UnitLook, Map<string, Path2D>>()
  const { corners, boxes, axisAligned } = scene
  for (let at = 0; at < scene.count; at++) {
    const look = paint.looks[at] ?? 'normal'
    const fill = paint.fills[at] ?? '#adb5bd'
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

export type PathGroups = ReturnType<typeof groupPaths>

/** Fills and outlines every group through the request's view transform (the rasteriser clips what is outside). */
export function drawFloor(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  groups: PathGroups,
  request: RasterRequest,
) {
  const { area, scale, ratio } = request
  context.setTransform(ratio * scale, 0, 0, ratio * scale, -area.minX * scale * ratio, -area.minY * scale * ratio)
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
}

export function containsArea(outer: PlanArea, inner: PlanArea): boolean {
  return inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
}

export function neededArea(view: PlanArea, floor: PlanArea): PlanArea | null {
  const area = {
    minX: Math.max(view.minX, floor.minX),
    minY: Math.max(view.minY, floor.minY),
    maxX: Math.min(view.maxX, floor.maxX),
    maxY: Math.min(view.maxY, floor.maxY),
  }
  return area.minX < area.maxX && area.minY < area.maxY ? area : null
}

/** The view grown by `padding` on each side, kept on the floor, shrunk about its centre past `maxPixels` (phones). */
export function plannedArea(
  view: PlanArea,
  floor: PlanArea,
  { padding, scale, ratio, maxPixels }: { padding: number; scale: number; ratio: number; maxPixels: number },
): PlanArea | null {
  const width = view.maxX - view.minX
  const height = view.maxY - view.minY
  for (let pad = padding; ; pad /= 2) {
    const area = neededArea(
      {
        minX: view.minX - width * pad,
        minY: view.minY - height * pad,
        maxX: view.maxX + width * pad,
        maxY: view.maxY + height * pad,
      },
      floor,
    )
    if (!area) return null
    const { width: w, height: h } = pictureSize({ area, scale, ratio })
    if (w * h <= maxPixels || pad < 0.01) return area
  }
}
