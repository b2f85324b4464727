import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Tx } from '../db/client.ts'
import { brandStandardAttachments, brandStandardReports, brandStandards, brandsReports, facilityFieldStaff } from '../db/schema.ts'
import type { FileStorage } from '../integrations/files/storage.ts'
import { generateEmployees } from './generate.ts'
import { createRandom } from './random.ts'

/**
 * Demo brand-standards inspections (issue 6 "Demo data"; DESIGN §7): the checklist, a primary field
 * staff member per facility, and eight monthly reports per facility (≈1,200 at scale 1, more than six months)
 * with photos. The photos are a few small JPEGs drawn at seed time, one pair per standard, each stamped
 * "DEMO PHOTO", and reused across reports so the first start stays quick. Deterministic; times are
 * relative to `now`.
 */

/** The checklist, in walking order: what a property manager photographs on an inspection. */
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
  'Restrooms': 'Restroom closed for a plumbing repair; photos next visit.',
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

const PALETTES = [
  ['#2f5d7c', '#d9c8a9'], ['#6b7d4f', '#e6dfcf'], ['#7c4a3a', '#f0e6d8'], ['#3d4f63', '#f2c14e'], ['#55606e', '#c3d6e3'],
  ['#8a6f4d', '#dfe7e1'], ['#4f7a5a', '#f4f1e8'], ['#37474f', '#ffb74d'], ['#5f6b73', '#a5d6a7'], ['#6d4c41', '#cfd8dc'],
] as const

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
}

/** One drawn scene of a standard: a labelled placeholder photo (640×480 JPEG, a few kB). */
function demoPhotoSvg(name: string, index: number, variant: number) {
  const [ground, accent] = PALETTES[index % PALETTES.length]!
  const shift = variant * 90
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="${accent}"/>
    <rect y="330" width="640" height="150" fill="${ground}"/>
    <rect x="${90 + shift}" y="120" width="${300 - variant * 40}" height="210" fill="${ground}" fill-opacity="0.75" stroke="#1f2933" stroke-width="6"/>
    <circle cx="${520 - shift}" cy="${90 + variant * 30}" r="38" fill="#ffffff" fill-opacity="0.55"/>
    <rect x="0" y="0" width="640" height="64" fill="#111827" fill-opacity="0.8"/>
    <text x="20" y="42" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="#ffffff">DEMO PHOTO · ${escapeXml(name)}</text>
    <text x="20" y="460" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" fill="#ffffff">Harbor Point Self Storage · view ${variant + 1}</text>
  </svg>`
}

interface DemoPhoto { file_name: string; thumbnail_name: string; byte_size: number }

/** Draws two photos per standard and stores them with thumbnails (`brands-demo-{n}-{v}.jpg`). */
async function writeDemoPhotos(files: FileStorage): Promise<DemoPhoto[][]> {
  return Promise.all(DEMO_BRAND_STANDARDS.map(async (standard, index) => Promise.all([0, 1].map(async (variant) => {
    const jpeg = await sharp(Buffer.from(demoPhotoSvg(standard.name, index, variant))).jpeg({ quality: 70, mozjpeg: true }).toBuffer()
    const thumbnail = await sharp(jpeg).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer()
    const base = `brands-demo-${index + 1}-${variant + 1}`
    await files.put(`${base}.jpg`, jpeg, 'image/jpeg')
    await files.put(`${base}-thumb.jpg`, thumbnail, 'image/jpeg')
    return { file_name: `${base}.jpg`, thumbnail_name: `${base}-thumb.jpg`, byte_size: jpeg.length }
  }))))
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size))
}

const DAY_MS = 86_400_000
/** Months of history per facility. */
const MONTHS = 8

/** Seeds the checklist, field staff and reports inside the caller's transaction. Returns the report count. */
export async function seedDemoBrandReports(
  tx: Tx,
  options: { locations: Array<{ location_code: string; store_number: number }>; files: FileStorage; now?: Date },
): Promise<{ reports: number; photos: number }> {
  const now = (options.now ?? new Date()).getTime()
  const standards = DEMO_BRAND_STANDARDS.map((standard, index) => ({ id: index + 1, ...standard, sort_order: index + 1 }))
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
    staffRows.push({ location_code: location.location_code, facility_store_number: String(location.store_number), primary_field_staff: staff.full_name })
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
      })
      for (const standard of covered) {
        const standardReportId = standardRows.length + 1
        standardRows.push({ id: standardReportId, brands_report_id: id, brand_standard_id: standard.id })
        const pair = photos[standard.id - 1]!
        const picked = random.chance(0.3) ? pair : [pair[random.int(0, 1)]!]
        for (const photo of picked) attachmentRows.push({ brand_standard_report_id: standardReportId, ...photo, content_type: 'image/jpeg' })
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
    await tx.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`)
  }
  return { reports: reportRows.length, photos: attachmentRows.length }
}
