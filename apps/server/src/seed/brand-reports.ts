import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Tx } from '../db/client.ts'
import {
  brandStandardAttachments,
  brandStandardReports,
  brandStandards,
  brandsReports,
  facilityFieldStaff,
} from '../db/schema.ts'
import type { FileStorage } from '../integrations/files/storage.ts'
import { generateEmployees } from './generate.ts'
import { createRandom } from './random.ts'

/** Eight monthly reports per facility (issue 6) whose photos reuse 20 drawn JPEGs stamped DEMO PHOTO, so first start stays quick. */

export const DEMO_BRAND_STANDARDS = [
  { name: 'Street Signage', description: 'Monument and street sign from the road: lit, clean, every letter present.' },
  { name: 'Office Entrance', description: 'Front door, glass and welcome mat; hours posted and readable.' },
  { name: 'Office Interior', description: 'Counter, retail display and brochures stocked; floor clean.' },
  { name: 'Restrooms', description: 'Customer restroom clean and stocked.' },
  { name: 'Hallways', description: 'Interior hallways swept, lights working, unit numbers visible.' },
  { name: 'Vacant Units', description: 'Two vacant units: swept, door latches working, ready to rent.' },
  { name: 'Grounds & Landscaping', description: 'Lawn cut, beds weeded, no litter along the drive aisles.' },
  { name: 'Gate & Keypad', description: 'Gate opens and closes fully; keypad clean and lit.' },
  { name: 'Fence & Perimeter', description: 'Fence intact along every side; no gaps or damage.' },
  { name: 'Dumpster Area', description: 'Enclosure closed, no overflow or abandoned items.' },
] as const

const SKIP_NOTES: Record<string, string> = {
  Restrooms: 'Restroom closed for a plumbing repair; photos next visit.',
  'Vacant Units': 'No vacant units this month, facility is full.',
  'Dumpster Area': 'Dumpster being replaced by the hauler today.',
  'Grounds & Landscaping': 'Heavy rain all day; grounds photos postponed.',
}
const GENERAL_NOTES = [
  'All areas in good shape.',
  'Replaced two burnt-out bulbs in hallway B.',
  'Office restocked with boxes and locks.',
  'Weeds along the back fence need another pass next week.',
  'Keypad cleaned; gate timing checked.',
  'Talked with the landscaper about the entrance beds.',
  null,
  null,
]

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
}

const SKY = ['#b9d7ea', '#d6e4ee'] as const

/** Roll-up unit doors in a row from `x`, each `width` wide, with a few left open. */
function unitDoors(
  x: number,
  y: number,
  count: number,
  width: number,
  height: number,
  color: string,
  open: number[] = [],
) {
  return Array.from({ length: count }, (_, door) => {
    const left = x + door * (width + 10)
    const slats = Array.from(
      { length: 6 },
      (_, slat) =>
        `<line x1="${left}" x2="${left + width}" y1="${y + 12 + slat * (height / 7)}" y2="${y + 12 + slat * (height / 7)}" stroke="#00000033" stroke-width="3"/>`,
    ).join('')
    return open.includes(door)
      ? `<rect x="${left}" y="${y}" width="${width}" height="${height}" fill="#2b2b2b"/><rect x="${left}" y="${y}" width="${width}" height="${height / 4}" fill="${color}"/>`
      : `<rect x="${left}" y="${y}" width="${width}" height="${height}" fill="${color}"/>${slats}`
  }).join('')
}

/** A simple drawn scene of each standard, two views each: enough to tell the photos apart at a glance. */
function demoScene(index: number, variant: number): string {
  const v = variant
  switch (index) {
    case 0: // Street Signage: a monument sign by the road.
      return `<rect width="640" height="330" fill="${SKY[v]}"/><rect y="330" width="640" height="150" fill="#6b8f4e"/><rect y="390" width="640" height="90" fill="#55595e"/>
        <rect x="${150 + v * 60}" y="150" width="340" height="150" rx="10" fill="#1d3f66"/><rect x="${180 + v * 60}" y="300" width="280" height="40" fill="#8b8378"/>
        <text x="${320 + v * 60}" y="212" font-family="DejaVu Sans" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">HARBOR POINT</text>
        <text x="${320 + v * 60}" y="260" font-family="DejaVu Sans" font-size="26" fill="#f2c14e" text-anchor="middle">SELF STORAGE</text>`
    case 1: // Office Entrance: glass door and hours sign.
      return `<rect width="640" height="480" fill="#d8cbb5"/><rect y="400" width="640" height="80" fill="#9a9186"/>
        <rect x="${200 - v * 60}" y="130" width="220" height="270" fill="#9fc3d6" stroke="#3b3b3b" stroke-width="10"/><line x1="${310 - v * 60}" x2="${310 - v * 60}" y1="130" y2="400" stroke="#3b3b3b" stroke-width="6"/>
        <rect x="${450 - v * 40}" y="170" width="120" height="150" fill="#fff" stroke="#333" stroke-width="3"/><text x="${510 - v * 40}" y="205" font-family="DejaVu Sans" font-size="20" font-weight="700" text-anchor="middle">HOURS</text>
        ${[0, 1, 2, 3].map((line) => `<rect x="${468 - v * 40}" y="${225 + line * 22}" width="84" height="8" fill="#999"/>`).join('')}<rect x="${205 - v * 60}" y="400" width="210" height="22" fill="#2f2f2f"/>`
    case 2: // Office Interior: counter and retail shelf.
      return `<rect width="640" height="480" fill="#efe6d6"/><rect y="380" width="640" height="100" fill="#b48a5a"/>
        <rect x="${60 + v * 40}" y="260" width="360" height="120" fill="#7c4a3a"/><rect x="${50 + v * 40}" y="250" width="380" height="16" fill="#3d2a20"/><rect x="${200 + v * 40}" y="200" width="80" height="50" fill="#222"/>
        <rect x="470" y="120" width="140" height="260" fill="#fff" stroke="#999" stroke-width="3"/>${[0, 1, 2, 3].map((shelf) => `<rect x="470" y="${170 + shelf * 55}" width="140" height="6" fill="#999"/>${[0, 1, 2].map((box) => `<rect x="${480 + box * 42}" y="${140 + shelf * 55}" width="34" height="30" fill="${['#c9a66b', '#2f5d7c', '#f2c14e'][(box + shelf + v) % 3]}"/>`).join('')}`).join('')}`
    case 3: // Restrooms: tiles, sink and mirror.
      return `<rect width="640" height="480" fill="#e9eef2"/>${Array.from({ length: 8 }, (_, row) => `<line x1="0" x2="640" y1="${row * 60}" y2="${row * 60}" stroke="#c7d0d8" stroke-width="2"/>`).join('')}
        <rect x="${210 + v * 80}" y="90" width="200" height="150" fill="#cfe3ee" stroke="#8795a1" stroke-width="8"/><rect x="${200 + v * 80}" y="280" width="220" height="50" rx="20" fill="#fff" stroke="#8795a1" stroke-width="4"/><rect x="${290 + v * 80}" y="330" width="40" height="120" fill="#d5dbe0"/>`
    case 4: // Hallways: interior corridor with unit doors and lights.
      return `<rect width="640" height="480" fill="#e2e5e8"/><polygon points="0,480 640,480 ${400 - v * 40},300 ${240 - v * 40},300" fill="#9aa3ab"/>
        <polygon points="0,0 0,480 ${240 - v * 40},300 ${240 - v * 40},160" fill="#f1f3f5"/><polygon points="640,0 640,480 ${400 - v * 40},300 ${400 - v * 40},160" fill="#f1f3f5"/>
        ${[0, 1, 2].map((door) => `<rect x="${30 + door * 65}" y="${130 + door * 25}" width="50" height="${220 - door * 40}" fill="#e07a2f"/><rect x="${560 - door * 65}" y="${130 + door * 25}" width="50" height="${220 - door * 40}" fill="#e07a2f"/>`).join('')}
        ${[0, 1, 2].map((lamp) => `<rect x="${290 - v * 40}" y="${70 + lamp * 35}" width="${60 - lamp * 15}" height="8" fill="#fffbe0"/>`).join('')}`
    case 5: // Vacant Units: an open, swept unit.
      return `<rect width="640" height="480" fill="#cfd6dc"/><rect x="${120 + v * 30}" y="100" width="400" height="330" fill="#5c6670"/><rect x="${140 + v * 30}" y="120" width="360" height="310" fill="#d9d2c5"/>
        <polygon points="${140 + v * 30},430 ${500 + v * 30},430 ${440 + v * 30},330 ${200 + v * 30},330" fill="#b7ae9f"/><rect x="${120 + v * 30}" y="100" width="400" height="50" fill="#e07a2f"/>
        <text x="${320 + v * 30}" y="135" font-family="DejaVu Sans" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${v ? 'B-214' : 'A-108'}</text>`
    case 6: // Grounds & Landscaping: lawn, shrubs and a drive aisle.
      return `<rect width="640" height="300" fill="${SKY[v]}"/><rect y="260" width="640" height="220" fill="#5e8f45"/><polygon points="${260 + v * 60},480 ${380 + v * 60},480 ${330 + v * 60},260 ${310 + v * 60},260" fill="#7b7f84"/>
        ${[0, 1, 2, 3, 4].map((shrub) => `<circle cx="${60 + shrub * 130}" cy="${300 + (shrub % 2) * 30}" r="${36 + (shrub % 3) * 8}" fill="#3f6b2f"/>`).join('')}${unitDoors(20, 170, 4, 50, 90, '#c65d3a')}`
    case 7: // Gate & Keypad: sliding gate and keypad post.
      return `<rect width="640" height="320" fill="${SKY[v]}"/><rect y="320" width="640" height="160" fill="#6f7378"/>
        ${Array.from({ length: 14 }, (_, bar) => `<rect x="${120 + bar * 30 + v * 40}" y="150" width="8" height="180" fill="#2e3338"/>`).join('')}<rect x="${110 + v * 40}" y="150" width="420" height="12" fill="#2e3338"/><rect x="${110 + v * 40}" y="310" width="420" height="12" fill="#2e3338"/>
        <rect x="40" y="200" width="16" height="160" fill="#444"/><rect x="22" y="170" width="52" height="70" rx="6" fill="#1f2933"/>${[0, 1, 2].map((row) => [0, 1, 2].map((col) => `<rect x="${30 + col * 14}" y="${180 + row * 16}" width="10" height="10" fill="#9fe870"/>`).join('')).join('')}`
    case 8: // Fence & Perimeter: chain-link along the back row.
      return `<rect width="640" height="300" fill="${SKY[v]}"/><rect y="300" width="640" height="180" fill="#8b8f74"/>
        <rect y="150" width="640" height="170" fill="#c5c9cc" fill-opacity="0.25"/>${Array.from({ length: 34 }, (_, line) => `<line x1="${line * 20 - 170 + v * 10}" x2="${line * 20 + v * 10}" y1="320" y2="150" stroke="#8d949a" stroke-width="2"/><line x1="${line * 20 + v * 10}" x2="${line * 20 - 170 + v * 10}" y1="320" y2="150" stroke="#8d949a" stroke-width="2"/>`).join('')}
        ${[0, 1, 2, 3, 4].map((post) => `<rect x="${post * 150 + 10}" y="140" width="10" height="190" fill="#5a6066"/>`).join('')}<rect y="146" width="640" height="6" fill="#5a6066"/>`
    default: // Dumpster Area: an enclosure with the dumpster inside.
      return `<rect width="640" height="300" fill="${SKY[v]}"/><rect y="300" width="640" height="180" fill="#7d8186"/>
        <rect x="${100 + v * 60}" y="150" width="420" height="220" fill="#a99f92"/>${Array.from({ length: 10 }, (_, plank) => `<line x1="${100 + v * 60 + plank * 42}" x2="${100 + v * 60 + plank * 42}" y1="150" y2="370" stroke="#7d7366" stroke-width="3"/>`).join('')}
        <rect x="${170 + v * 60}" y="230" width="260" height="140" fill="#2f6b3d"/><rect x="${160 + v * 60}" y="215" width="280" height="22" fill="#24552f"/>`
  }
}

/** One drawn photo of a standard (640×480 JPEG, ≈10–20 kB), stamped DEMO PHOTO with the standard's name. */
function demoPhotoSvg(name: string, index: number, variant: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    ${demoScene(index, variant)}
    <rect x="0" y="0" width="640" height="64" fill="#111827" fill-opacity="0.8"/>
    <text x="20" y="42" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="#ffffff">DEMO PHOTO · ${escapeXml(name)}</text>
    <rect x="0" y="436" width="640" height="44" fill="#111827" fill-opacity="0.6"/>
    <text x="20" y="466" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" fill="#ffffff">Harbor Point Self Storage · view ${variant + 1}</text>
  </svg>`
}

interface DemoPhoto {
  file_name: string
  thumbnail_name: string
  byte_size: number
}

async function writeDemoPhotos(files: FileStorage): Promise<DemoPhoto[][]> {
  return Promise.all(
    DEMO_BRAND_STANDARDS.map(async (standard, index) =>
      Promise.all(
        [0, 1].map(async (variant) => {
          const jpeg = await sharp(Buffer.from(demoPhotoSvg(standard.name, index, variant)))
            .jpeg({ quality: 70, mozjpeg: true })
            .toBuffer()
          const thumbnail = await sharp(jpeg).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer()
          const base = `brands-demo-${index + 1}-${variant + 1}`
          await files.put(`${base}.jpg`, jpeg, 'image/jpeg')
          await files.put(`${base}-thumb.jpg`, thumbnail, 'image/jpeg')
          return { file_name: `${base}.jpg`, thumbnail_name: `${base}-thumb.jpg`, byte_size: jpeg.length }
        }),
      ),
    ),
  )
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size))
}

const DAY_MS = 86_400_000
const MONTHS = 8

export async function seedDemoBrandReports(
  tx: Tx,
  options: { locations: Array<{ location_code: string; store_number: number }>; files: FileStorage; now?: Date },
): Promise<{ reports: number; photos: number }> {
  const now = (options.now ?? new Date()).getTime()
  const standards = DEMO_BRAND_STANDARDS.map((standard, index) => ({
    id: index + 1,
    ...standard,
    sort_order: index + 1,
  }))
  await tx.insert(brandStandards).values(standards)
  const photos = await writeDemoPhotos(options.files)
  const employees = generateEmployees()
  const managers = employees.filter((employee) => employee.role === 'property_manager')
  const regionals = employees.filter((employee) => employee.role === 'regional_manager')

  const staffRows: Array<typeof facilityFieldStaff.$inferInsert> = []
  const reportRows: Array<typeof brandsReports.$inferInsert & { id: number }> = []
  const standardRows: Array<typeof brandStandardReports.$inferInsert & { id: number }> = []
  const attachmentRows: Array<typeof brandStandardAttachments.$inferInsert> = []

  for (const [index, location] of options.locations.entries()) {
    const random = createRandom(`brands:${location.location_code}`)
    // The demo property manager looks after the first facilities, so signing in as pmanager shows their own.
    const staff = index < 3 ? managers[0]! : random.pick(managers)
    staffRows.push({
      location_code: location.location_code,
      facility_store_number: String(location.store_number),
      primary_field_staff: staff.full_name,
    })
    // Monthly inspections; the latest is 2–40 days ago so the dashboard shows a spread of dates.
    let submitAt = now - random.int(2, 40) * DAY_MS - random.int(1, 8) * 3_600_000
    for (let month = 0; month < MONTHS; month++) {
      const submitter = random.chance(0.85) ? staff : random.pick(regionals)
      const skipped = random.chance(0.2) ? random.pick(Object.keys(SKIP_NOTES)) : null
      const id = reportRows.length + 1
      const covered = standards.filter((standard) => standard.name !== skipped)
      reportRows.push({
        id,
        location_code: location.location_code,
        report_submit_at: new Date(submitAt),
        report_submit_by: submitter.full_name,
        report_submit_username: submitter.username,
        notes: skipped ? SKIP_NOTES[skipped]! : random.pick(GENERAL_NOTES),
        completed: skipped === null,
        missing_standards: skipped === null ? [] : [skipped],
      })
      for (const standard of covered) {
        const standardReportId = standardRows.length + 1
        standardRows.push({ id: standardReportId, brands_report_id: id, brand_standard_id: standard.id })
        const pair = photos[standard.id - 1]!
        const picked = random.chance(0.3) ? pair : [pair[random.int(0, 1)]!]
        for (const photo of picked)
          attachmentRows.push({ brand_standard_report_id: standardReportId, ...photo, content_type: 'image/jpeg' })
      }
      submitAt -= random.int(26, 34) * DAY_MS + random.int(-3, 3) * 3_600_000
    }
  }

  await insertInBatches(staffRows, 1000, (batch) => tx.insert(facilityFieldStaff).values(batch))
  await insertInBatches(reportRows, 1000, (batch) => tx.insert(brandsReports).values(batch))
  await insertInBatches(standardRows, 3000, (batch) => tx.insert(brandStandardReports).values(batch))
  await insertInBatches(attachmentRows, 3000, (batch) => tx.insert(brandStandardAttachments).values(batch))
  // Rows were written with their ids; move the sequences past them.
  for (const table of ['brand_standards', 'brands_reports', 'brand_standard_reports']) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`,
    )
  }
  return { reports: reportRows.length, photos: attachmentRows.length }
}
