import type { FileUsage } from '@storageops/contracts/files'
import { FILE_NAME_PATTERN, HOMEPAGE_IMAGE_NAMES } from '@storageops/contracts/files'
import type { Db } from '../../db/client.ts'
import type { ReadVersions } from '../../lib/read-versions.ts'
import {
  blogs,
  cities,
  homepageContents,
  landingPages,
  locationContents,
  pages,
  reviews,
  states,
} from '../../db/schema.ts'

interface UsageRow {
  texts: readonly string[]
  usage: FileUsage
}

/** Every content field holding an image path (issue 13): a value names a file as its bare name or with `/img/{name}`. */
const SOURCES: ReadonlyArray<(db: Db) => Promise<UsageRow[]>> = [
  async (db) =>
    (await db.select().from(states)).map((row) => ({
      texts: [row.map_img, row.image_src, row.body],
      usage: { kind: 'State', label: row.full_name, link: `/states/${row.short_name}` },
    })),
  async (db) =>
    (await db.select().from(cities)).map((row) => ({
      texts: [row.image_src, row.body],
      usage: { kind: 'City', label: `${row.name}, ${row.state}`, link: `/cities/${row.id}` },
    })),
  async (db) =>
    (await db.select().from(blogs)).map((row) => ({
      texts: [row.blog_image, row.body],
      usage: { kind: 'Blog', label: row.title, link: `/blogs/${row.id}` },
    })),
  async (db) => [
    {
      // The hero and kiosk images are the homepage's whether or not its texts name them.
      texts: [
        ...HOMEPAGE_IMAGE_NAMES,
        ...(await db.select().from(homepageContents)).flatMap((row) => [row.img_url, row.hero_body, row.page_body]),
      ],
      usage: { kind: 'Homepage', label: 'Homepage', link: '/homepage' },
    },
  ],
  async (db) =>
    (await db.select().from(landingPages)).map((row) => ({
      texts: [row.header_image_src, row.body],
      usage: { kind: 'Landing page', label: row.full_name, link: `/landing-pages/${row.short_name}` },
    })),
  async (db) =>
    (await db.select().from(pages)).map((row) => ({
      texts: [row.content],
      usage: { kind: 'Page', label: row.name, link: `/pages/edit/${row.id}` },
    })),
  async (db) =>
    (await db.select().from(reviews)).map((row) => ({
      texts: [row.picture],
      usage: { kind: 'Review', label: row.name, link: `/reviews/${row.id}` },
    })),
  async (db) =>
    (
      await db
        .select({
          location_code: locationContents.location_code,
          facility_image: locationContents.facility_image,
          photos: locationContents.photos,
          body1: locationContents.body1,
          body2: locationContents.body2,
        })
        .from(locationContents)
    ).map((row) => ({
      texts: [row.facility_image, row.body1, row.body2, ...row.photos],
      usage: { kind: 'Location', label: row.location_code, link: `/locations/${row.location_code}/cms_edit` },
    })),
]

const IMG_PATH = /\/img\/([A-Za-z0-9_-][A-Za-z0-9._-]{0,199})/g

export function fileNamesIn(value: string): string[] {
  const trimmed = value.trim()
  if (!trimmed) return []
  const names = [...trimmed.matchAll(IMG_PATH)].map((match) => match[1]!.replace(/[.]+$/, ''))
  if (FILE_NAME_PATTERN.test(trimmed)) names.push(trimmed)
  return names
}

async function scanUsage(db: Db): Promise<Map<string, FileUsage[]>> {
  const used = new Map<string, FileUsage[]>()
  const rows = (await Promise.all(SOURCES.map((source) => source(db)))).flat()
  for (const row of rows) {
    for (const name of new Set(row.texts.flatMap(fileNamesIn))) used.set(name, [...(used.get(name) ?? []), row.usage])
  }
  return used
}

/** The last scan per database and the `file_usage` counter it was read at (triggers on every source move it). */
const scans = new WeakMap<Db, { version: number; usage: Promise<Map<string, FileUsage[]>> }>()

/** Where each file is used (all when no `only`); the scan is kept while the `file_usage` counter stands (0024). */
export async function fileUsage(
  db: Db,
  versions: Pick<ReadVersions, 'version'>,
  only?: ReadonlySet<string>,
): Promise<Map<string, FileUsage[]>> {
  // Read before the scan: a write landing meanwhile leaves the scan labelled older, so the next lookup scans again.
  const current = versions.version('file_usage')
  const version = typeof current === 'number' ? current : await current
  let scan = scans.get(db)
  if (!scan || scan.version !== version || version < 0) {
    const started = { version, usage: scanUsage(db) }
    scans.set(db, (scan = started))
    started.usage.catch(() => {
      if (scans.get(db) === started) scans.delete(db)
    })
  }
  const usage = await scan.usage
  if (!only) return usage
  return new Map([...only].flatMap((name) => (usage.has(name) ? [[name, usage.get(name)!] as const] : [])))
}
