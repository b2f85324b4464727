import { seedDemoAuctions } from './auctions.ts'
import { seedDemoNotifications } from './notifications.ts'
import { hash } from '@node-rs/argon2'
import { sql } from 'drizzle-orm'
import { ADMIN_PAGES } from '@storageops/contracts/admin-pages'
import type { Db } from '../db/client.ts'
import type { FileStorage } from '../integrations/files/storage.ts'
import {
  blogs,
  comboLocks,
  gateCodes,
  locationUnits,
  locations,
  reviews,
  roles,
  snapshotLocations,
  users,
} from '../db/schema.ts'
import {
  generateComboLocks,
  generateFacilityDetails,
  generateGateCodes,
  generateLocations,
  generateUnits,
} from './generate.ts'
import { renderPropertyMapSvg } from './property-map.ts'
import { seedDemoTasks } from './tasks.ts'
import { seedDemoBrandReports } from './brand-reports.ts'
import { seedDemoLocationContent } from './locations.ts'
import { seedDemoContent } from './content.ts'
import { seedWebsiteContent } from './website-content.ts'
import { seedMediaLibrary } from './media-library.ts'
import { seedLandingPages } from './landing-pages.ts'
import { seedRateUploads } from './rate-uploads.ts'
import { fileNamesIn } from '../features/files/file-usage.ts'

export const DEMO_ADMINS = [
  { email: 'admin@example.com', password: 'admin-demo', firstName: 'Alex', lastName: 'Morgan', role: 'Superadmin' },
  {
    email: 'editor@example.com',
    password: 'editor-demo',
    firstName: 'Emerson',
    lastName: 'Lowry',
    role: 'Content Editor',
  },
  { email: 'cs@example.com', password: 'cs-demo', firstName: 'Sage', lastName: 'Whitaker', role: 'Customer Service' },
] as const

const CONTENT_PAGES = [
  '/locations',
  '/states',
  '/cities',
  '/faq',
  '/blogs',
  '/pages',
  '/landing-pages',
  '/reviews',
  '/unit-filters',
  '/marketing-features',
  '/file-management',
  '/settings',
]

export const DEMO_ROLES = [
  { name: 'Superadmin', superadmin: true, allowed_pages: ADMIN_PAGES.map((page) => page.path), is_CS_role: false },
  { name: 'Content Editor', superadmin: false, allowed_pages: CONTENT_PAGES, is_CS_role: false },
  {
    name: 'Customer Service',
    superadmin: false,
    allowed_pages: ['/locations', '/snapshot', '/lease-terminations'],
    is_CS_role: true,
  },
]

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size))
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(locations)
  return (row?.count ?? 0) === 0
}

/** The demo operator of DESIGN §7 in one transaction; `scale` multiplies the facility count (1 → 150). */
export async function seedDemoData(
  db: Db,
  options: { scale?: number; files: FileStorage },
): Promise<{ facilities: number; units: number; tasks: number }> {
  const demoLocations = generateLocations(options.scale ?? 1)
  const codes = generateGateCodes()
  const passwordHashes = await Promise.all(DEMO_ADMINS.map((admin) => hash(admin.password)))
  let unitTotal = 0
  let taskTotal = 0
  const unitsByLocation = new Map<string, string[]>()
  await db.transaction(async (tx) => {
    await tx
      .insert(gateCodes)
      .values(Object.entries(codes).map(([name, currentCode]) => ({ name: name as keyof typeof codes, currentCode })))
    await insertInBatches(demoLocations, 500, (batch) =>
      tx.insert(locations).values(
        batch.map(({ store_number: _store, floor_count: _floors, ...location }) => ({
          ...location,
          photo: `${location.location_code.toLowerCase()}-front.jpg`,
          gate_hours: '6:00 AM - 10:00 PM',
          office_hours: 'Mon-Fri 9:30 AM - 6:00 PM, Sat 9:00 AM - 5:00 PM',
          reservation_email: `${location.location_code.toLowerCase()}@harborpoint.example`,
          pm_email: `pm.${location.location_code.toLowerCase()}@harborpoint.example`,
        })),
      ),
    )
    for (const location of demoLocations) {
      const units = generateUnits(location)
      const rentableUnits = units.filter((unit) => !unit.system)
      const rentable = rentableUnits.length
      unitsByLocation.set(
        location.location_code,
        rentableUnits.map((unit) => unit.unit_no),
      )
      unitTotal += units.length
      await tx.insert(snapshotLocations).values(generateFacilityDetails(location, rentable, codes))
      await insertInBatches(units, 2000, (batch) =>
        tx.insert(locationUnits).values(
          batch.map(({ unit_type_id: _type, status: _status, ...unit }) => ({
            ...unit,
            location_code: location.location_code,
          })),
        ),
      )
      await options.files.put(
        `${location.location_code.toLowerCase()}-property-map.svg`,
        Buffer.from(renderPropertyMapSvg(location.name, units)),
        'image/svg+xml',
      )
    }
    await insertInBatches(generateComboLocks(demoLocations), 2000, (batch) => tx.insert(comboLocks).values(batch))
    taskTotal = (await seedDemoTasks(tx, { locations: demoLocations, unitsByLocation, files: options.files })).tasks
    await seedDemoBrandReports(tx, { locations: demoLocations, files: options.files })
    await seedDemoLocationContent(tx, { locations: demoLocations })
    await seedDemoContent(tx, { locations: demoLocations, files: options.files })
    await seedWebsiteContent(tx, { locations: demoLocations, files: options.files })
    const contentImages = [
      ...(await tx.select({ image: blogs.blog_image }).from(blogs)),
      ...(await tx.select({ image: reviews.picture }).from(reviews)),
    ].flatMap((row) => fileNamesIn(row.image))
    await seedMediaLibrary(tx, { files: options.files, extraNames: contentImages })
    await seedDemoAuctions(tx, { locations: demoLocations, unitsByLocation, gateCode: codes['Auction Winner'] })
    await seedLandingPages(tx)
    await seedDemoNotifications(tx)
    const roleRows = await tx.insert(roles).values(DEMO_ROLES).returning()
    await tx.insert(users).values(
      DEMO_ADMINS.map((admin, index) => ({
        email: admin.email,
        password_hash: passwordHashes[index]!,
        firstName: admin.firstName,
        lastName: admin.lastName,
        role_id: roleRows.find((role) => role.name === admin.role)!.id,
      })),
    )
  })
  // After the commit: the rates service writes in its own transactions, as the superadmin just seeded.
  await seedRateUploads(db)
  return { facilities: demoLocations.length, units: unitTotal, tasks: taskTotal }
}
