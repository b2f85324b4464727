import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { FieldRole } from '@storageops/contracts/identity'
import { sourceForRole, type Priority, type TaskAction, type TaskCategory } from '@storageops/contracts/task-rules'
import type { Tx } from '../db/client.ts'
import type { FileStorage } from '../integrations/files/storage.ts'
import { taskActivities, taskImages, taskTypes, tasks } from '../db/schema.ts'
import { generateEmployees, type DemoEmployee } from './generate.ts'
import { createRandom, type Random } from './random.ts'

/** 17–26 tasks per facility (issue 4) with realistic ages and history, a few appointments and photos; times relative to `now`. */

export const DEMO_TASK_TYPES: Record<TaskCategory, Record<string, string[]>> = {
  property: {
    'Gate Malfunction': [
      'Front gate sticks halfway open; keypad beeps but the arm does not move.',
      'Gate closes too fast, a tenant trailer was nearly caught.',
    ],
    'Lighting Out': [
      'Three pole lights out along the back fence row.',
      'Hallway lights on floor 2 flicker and go dark after 9 PM.',
    ],
    Landscaping: [
      'Weeds along the front fence line are over two feet tall.',
      'Hedge at the entrance blocks the view of the keypad.',
    ],
    'Pest Control': ['Ant trail along the office baseboards.', 'Signs of rodents near the dumpster enclosure.'],
    'Parking Lot Repair': [
      'Pothole at the RV row entrance, about a foot wide.',
      'Striping faded in the customer parking spaces.',
    ],
    'Camera Offline': [
      'Camera 4 (rear drive aisle) shows no picture on the DVR.',
      'Office camera feed freezes every few minutes.',
    ],
    'Fence Damage': [
      'Chain-link panel bent near the back corner, gap at ground level.',
      'Barbed wire loose along the east fence.',
    ],
    'Signage Repair': ['Street sign letters missing; reads "HARB R POINT".', 'Office hours sign faded and unreadable.'],
    'Office Cleaning': [
      'Restroom needs a deep clean before the inspection.',
      'Carpet by the counter stained, schedule a cleaner.',
    ],
    'Elevator Service': [
      'Freight elevator door reopens twice before closing.',
      'Annual elevator inspection due this month.',
    ],
    'Trash Removal': ['Abandoned furniture left by the dumpster.', 'Dumpster overflowing, pickup missed this week.'],
  },
  unit: {
    'Door Repair': ['Roll-up door jammed two feet from the floor.', 'Door hard to lift; tenant asked for help.'],
    Overlock: ['Delinquent 45 days, overlock needed.', 'Tenant past due, place overlock per the manager.'],
    'Lock Cut': ['Tenant lost the key, lock cut requested with ID on file.', 'Auction prep: cut lock and inventory.'],
    'Unit Cleanout': ['Move-out left boxes and a mattress behind.', 'Clean out after auction, debris in the back.'],
    'Leak Reported': [
      "Water on the floor after last night's rain.",
      'Tenant reports a drip from the ceiling at the back.',
    ],
    'Damaged Door Spring': [
      'Door spring snapped; door will not stay up.',
      'Spring tension too loose, door slides down.',
    ],
    'Latch Repair': ['Latch bent; the lock will not seat.', 'Latch plate loose, screws stripped.'],
    'Walkthrough Needed': [
      'Check for an unauthorized occupant reported by a neighbor.',
      'Verify the unit is empty after move-out.',
    ],
    'Pest in Unit': ['Tenant saw mice droppings along the wall.', 'Spider webs and insects reported by a tenant.'],
  },
}

const NOTES = [
  'Called the vendor, waiting on a quote.',
  'Vendor scheduled for Thursday morning.',
  'Parts ordered, expected next week.',
  'Spoke with the tenant, they will stop by the office.',
  'Checked on site; still needs attention.',
  'Left a voicemail for the contractor.',
  'Photos sent to the regional manager.',
  'Temporary fix in place until the repair.',
  'Tenant confirmed the issue again today.',
  'Waiting on approval for the expense.',
]
const CLOSING_NOTES = [
  'Repaired and tested; working normally.',
  'Vendor completed the work, invoice attached to the file.',
  'Done. Tenant notified.',
  'Resolved on site.',
  'Completed during the morning walkthrough.',
  'No longer an issue after follow-up.',
]

const PRIORITY_WEIGHTS: Array<[Priority, number]> = [
  ['urgent', 10],
  ['high', 25],
  ['medium', 40],
  ['low', 25],
]
const DAY = 86_400_000
const DEMO_PHOTO_COUNT = 4

function pickPriority(random: Random): Priority {
  let roll = random.int(1, 100)
  for (const [priority, weight] of PRIORITY_WEIGHTS) {
    if (roll <= weight) return priority
    roll -= weight
  }
  return 'medium'
}

/** Writes the demo task photos and thumbnails once (simple drawn scenes, JPEG). Returns their file names. */
async function writeDemoPhotos(
  files: FileStorage,
): Promise<Array<{ file_name: string; thumbnail_name: string; byte_size: number }>> {
  const palettes = [
    ['#8a9aa9', '#c9a66b'],
    ['#5d7a8c', '#e0e0e0'],
    ['#6f8f5a', '#a0522d'],
    ['#475569', '#f59e0b'],
  ]
  const photos = []
  for (let index = 0; index < DEMO_PHOTO_COUNT; index++) {
    const [wall, accent] = palettes[index]!
    const fileName = `demo-task-photo-${index + 1}.jpg`
    const thumbName = `demo-task-photo-${index + 1}-thumb.jpg`
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
      <rect width="960" height="720" fill="${wall}"/>
      <rect y="520" width="960" height="200" fill="#3f3f46"/>
      <rect x="${180 + index * 40}" y="140" width="520" height="380" fill="${accent}" stroke="#27272a" stroke-width="10"/>
      ${Array.from({ length: 9 }, (_, line) => `<line x1="${180 + index * 40}" x2="${700 + index * 40}" y1="${180 + line * 40}" y2="${180 + line * 40}" stroke="#27272a" stroke-opacity="0.35" stroke-width="4"/>`).join('')}
      <circle cx="${760 - index * 60}" cy="${600 + index * 10}" r="${40 + index * 8}" fill="#1e3a5f" fill-opacity="0.45"/>
    </svg>`
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
    await files.put(fileName, jpeg, 'image/jpeg')
    await files.put(
      thumbName,
      await sharp(jpeg).resize(480, 480, { fit: 'inside' }).jpeg({ quality: 78 }).toBuffer(),
      'image/jpeg',
    )
    photos.push({ file_name: fileName, thumbnail_name: thumbName, byte_size: jpeg.length })
  }
  return photos
}

type TaskRow = typeof tasks.$inferInsert & { id: number }
type ActivityRow = typeof taskActivities.$inferInsert & { id: number }

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size))
}

/** `unitsByLocation`: each facility's rentable unit numbers. Returns the number of tasks written. */
export async function seedDemoTasks(
  tx: Tx,
  options: {
    locations: Array<{ location_code: string }>
    unitsByLocation: Map<string, string[]>
    files: FileStorage
    now?: Date
  },
): Promise<{ tasks: number; activities: number }> {
  const now = (options.now ?? new Date()).getTime()
  const typeRows = (['property', 'unit'] as const)
    .flatMap((category) => Object.keys(DEMO_TASK_TYPES[category]).map((title) => ({ title, category })))
    .map((type, index) => ({ ...type, id: index + 1 }))
  await tx.insert(taskTypes).values(typeRows)
  const typesByCategory = {
    property: typeRows.filter((type) => type.category === 'property'),
    unit: typeRows.filter((type) => type.category === 'unit'),
  }
  const employees = generateEmployees()
  const photos = await writeDemoPhotos(options.files)

  const taskRows: TaskRow[] = []
  const activityRows: ActivityRow[] = []
  const imageRows: Array<typeof taskImages.$inferInsert> = []
  let appointmentSerial = 0

  for (const location of options.locations) {
    const random = createRandom(`tasks:${location.location_code}`)
    const units = options.unitsByLocation.get(location.location_code) ?? []
    const openKeys = new Set<string>()
    // About a third of the facilities keep up: their open tasks are all under a week old.
    const isTidy = random.chance(0.35)
    const count = random.int(17, 26)
    for (let index = 0; index < count; index++) {
      const category: TaskCategory = units.length > 0 && random.chance(0.55) ? 'unit' : 'property'
      const type = random.pick(typesByCategory[category])
      const unitNo = category === 'unit' ? random.pick(units) : null
      const key = `${type.id}|${unitNo ?? ''}`
      const isOpen = random.chance(0.48) && !openKeys.has(key)
      if (isOpen) openKeys.add(key)
      const ageDays = isOpen
        ? isTidy
          ? random.next() * 6.5
          : random.chance(0.5)
            ? random.next() * 9.5
            : random.chance(0.7)
              ? 10 + random.next() * 20
              : 30 + random.next() * 60
        : 5 + random.next() * 175
      const createdAt = now - ageDays * DAY
      const closedAt = isOpen ? null : Math.min(now - 3_600_000, createdAt + (0.1 + random.next() * 20) * DAY)
      const id = taskRows.length + 1
      const author = random.pick(employees)
      const descriptions = DEMO_TASK_TYPES[category][type.title]!
      const description = random.pick(descriptions)
      const lastMoment = closedAt ?? now - random.next() * Math.min(ageDays, 12) * DAY
      let role: FieldRole | null = null
      let status: 'open' | 'closed' = 'open'
      let lastActivityAt = createdAt
      const activity = (action: TaskAction, at: number, by: DemoEmployee, note: string | null) => {
        lastActivityAt = Math.max(lastActivityAt, at)
        activityRows.push({
          id: activityRows.length + 1,
          task_id: id,
          location_code: location.location_code,
          action,
          note,
          status,
          role,
          source: sourceForRole(by.role),
          source_username: by.username,
          source_full_name: by.full_name,
          source_user_email: by.email,
          created_at: new Date(at),
        })
      }
      activity('create', createdAt, author, description)
      // Events spread between creation and the last moment, in order.
      const span = Math.max(lastMoment - createdAt, 60_000)
      const eventCount = random.int(0, 3)
      const hasReopen = !isOpen && random.chance(0.1)
      const moments = Array.from(
        { length: eventCount + (hasReopen ? 2 : 0) },
        () => createdAt + random.next() * span * 0.95,
      ).sort((a, b) => a - b)
      let moment = 0
      for (let event = 0; event < eventCount; event++) {
        const at = moments[moment++]!
        const by = random.pick(employees)
        if (random.chance(0.35)) {
          role = random.pick(['customer_service', 'property_manager', 'regional_manager'] as const)
          activity('assign', at, by, null)
        } else {
          activity('note', at, by, random.pick(NOTES))
        }
      }
      if (hasReopen) {
        status = 'closed'
        activity('close', moments[moment++]!, random.pick(employees), random.pick(CLOSING_NOTES))
        status = 'open'
        activity('reopen', moments[moment++]!, random.pick(employees), null)
      }
      if (closedAt !== null) {
        status = 'closed'
        activity('close', closedAt, random.pick(employees), random.pick(CLOSING_NOTES))
      }
      const hasAppointment = isOpen && category === 'unit' && random.chance(0.06)
      taskRows.push({
        id,
        location_code: location.location_code,
        task_type_id: type.id,
        unit_no: unitNo,
        prior: pickPriority(random),
        description,
        status,
        role,
        appointment_id: hasAppointment ? 700_000 + ++appointmentSerial : null,
        created_at: new Date(createdAt),
        updated_at: new Date(lastActivityAt),
        closed_at: closedAt === null ? null : new Date(closedAt),
      })
      if (photos.length > 0 && random.chance(0.05)) {
        const first = random.int(0, photos.length - 1)
        const picked = random.chance(0.4) ? [photos[first]!, photos[(first + 1) % photos.length]!] : [photos[first]!]
        for (const photo of picked)
          imageRows.push({ task_id: id, ...photo, content_type: 'image/jpeg', created_at: new Date(createdAt) })
      }
    }
  }

  await insertInBatches(taskRows, 2000, (batch) => tx.insert(tasks).values(batch))
  await insertInBatches(activityRows, 2000, (batch) => tx.insert(taskActivities).values(batch))
  await insertInBatches(imageRows, 2000, (batch) => tx.insert(taskImages).values(batch))
  // Rows were written with their ids; move the sequences past them.
  for (const table of ['task_types', 'tasks', 'task_activities']) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`,
    )
  }
  return { tasks: taskRows.length, activities: activityRows.length }
}
