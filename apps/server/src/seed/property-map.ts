import type { DemoUnit } from './generate.ts'

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * A site-plan SVG of a facility's ground floor, from its unit map: the demo's property_map image
 * (spec: snapshot-field-tool §2 Wayfinding). Drive-up units are drawn darker; Gate and Rental Center are marked.
 */
export function renderPropertyMapSvg(name: string, units: readonly DemoUnit[]): string {
  const ground = units.filter((unit) => unit.floor_no === 1)
  const width = Math.max(...ground.map((unit) => unit.left_coordinate + unit.width)) + 60
  const height = Math.max(...ground.map((unit) => unit.top_coordinate + unit.length)) + 60
  const shapes = ground.map((unit) => {
    if (unit.system) {
      const label = unit.category_name === 'Gate' ? 'GATE' : 'OFFICE'
      return `<g><rect x="${unit.left_coordinate}" y="${unit.top_coordinate}" width="${unit.width * 2}" height="${unit.length}" rx="6" fill="#1c7ed6"/><text x="${unit.left_coordinate + unit.width}" y="${unit.top_coordinate + unit.length / 2 + 4}" font-size="11" text-anchor="middle" fill="#fff">${label}</text></g>`
    }
    const fill =
      unit.category_name === 'Drive Up' ? '#adb5bd' : unit.category_name === 'Parking' ? '#d3f9d8' : '#e9ecef'
    return `<rect x="${unit.left_coordinate}" y="${unit.top_coordinate}" width="${unit.width}" height="${unit.length}" fill="${fill}" stroke="#495057" stroke-width="0.5"><title>${escapeXml(unit.unit_no)}</title></rect>`
  })
  const rows = [...new Set(ground.filter((unit) => !unit.system).map((unit) => unit.unit_no[0]))]
  const rowLabels = rows.map((letter) => {
    const first = ground.find((unit) => unit.unit_no[0] === letter && !unit.system)!
    return `<text x="20" y="${first.top_coordinate + 18}" font-size="16" font-weight="bold" fill="#343a40">${letter}</text>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="Arial, sans-serif">
<rect width="100%" height="100%" fill="#f8f9fa"/>
<text x="${width / 2}" y="${height - 16}" font-size="14" text-anchor="middle" fill="#495057">${escapeXml(name)} – ground floor</text>
${rowLabels.join('\n')}
${shapes.join('\n')}
</svg>
`
}
