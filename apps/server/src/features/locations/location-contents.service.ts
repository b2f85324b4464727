import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  LocationContent,
  LocationContentInput,
  UploadedContentPhoto,
} from '@storageops/contracts/location-content'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import type { Db } from '../../db/client.ts'
import { locationContents, locations } from '../../db/schema.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { badRequest, notFound } from '../../lib/http-error.ts'
import { recordAudit } from '../../lib/audit.ts'
import { checkPhotos, storePhotos, type UploadedPhoto } from '../../integrations/files/photos.ts'

type ContentRow = typeof locationContents.$inferSelect

const BLANK: Omit<LocationContent, 'location_code' | 'updatedAt'> = {
  title: '',
  meta_title: '',
  meta_description: '',
  keywords: [],
  body1: '',
  body2: '',
  facility_image: '',
  facility_image_alt: '',
  access_hours: '',
  customer_service_hours: '',
  website_move_in_completion_screen: false,
  kiosk_move_in_completion_screen: false,
  unit_size_high_to_low: false,
  unit_group_large_to_small: false,
  recommended_unit: false,
  unit_groups_expanded: false,
  fee_for_24hr_access: false,
  photos: [],
  photo_texts: [],
}

function toContent(locationCode: string, row: ContentRow | undefined): LocationContent {
  if (!row) return { location_code: locationCode, ...BLANK, updatedAt: null }
  return { ...row, updatedAt: row.updatedAt.toISOString() }
}

/** Content photos are stored as content-{code}-{uuid}.{ext}; a content may only point at its own. */
const photoPrefix = (locationCode: string) => `content-${locationCode.toLowerCase()}`

async function assertLocation(db: Db, locationCode: string) {
  const [row] = await db
    .select({ location_code: locations.location_code })
    .from(locations)
    .where(eq(locations.location_code, locationCode))
    .limit(1)
  if (!row) throw notFound(LOCATION_MESSAGES.invalidLocationCode, 'location_code')
}

/** Blank content when none is saved; 404 for an unknown code. */
export async function getLocationContent(db: Db, locationCode: string): Promise<LocationContent> {
  await assertLocation(db, locationCode)
  const [row] = await db
    .select()
    .from(locationContents)
    .where(eq(locationContents.location_code, locationCode))
    .limit(1)
  return toContent(locationCode, row)
}

/** 400 unless every photo was uploaded for this location and is stored; photos dropped are deleted after the commit. */
export async function saveLocationContent(
  db: Db,
  files: FileStorage,
  locationCode: string,
  input: z.output<typeof LocationContentInput>,
  actor: AdminSession,
): Promise<LocationContent> {
  await assertLocation(db, locationCode)
  if (input.photo_texts.length !== input.photos.length)
    throw badRequest('Each photo needs its own photo text (photo_texts pairs with photos).', 'photo_texts')
  const prefix = photoPrefix(locationCode)
  const foreign = input.photos.find((name) => !name.startsWith(`${prefix}-`))
  if (foreign) throw badRequest(`${foreign} is not a photo of this location.`, 'photos')
  const { content, dropped } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(locationContents)
      .where(eq(locationContents.location_code, locationCode))
      .limit(1)
    const added = input.photos.filter((name) => !before?.photos.includes(name))
    for (const name of added) {
      if (!(await files.get(name))) throw badRequest(`Photo ${name} was not uploaded.`, 'photos')
    }
    const now = new Date()
    const [row] = await tx
      .insert(locationContents)
      .values({ location_code: locationCode, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: locationContents.location_code, set: { ...input, updatedAt: now } })
      .returning()
    const content = toContent(locationCode, row)
    await recordAudit(
      tx,
      actor,
      'update',
      'location_content',
      locationCode,
      before ? toContent(locationCode, before) : null,
      content,
    )
    return { content, dropped: (before?.photos ?? []).filter((name) => !input.photos.includes(name)) }
  })
  await files.remove(dropped.flatMap((name) => [name, name.replace(/\.[^.]+$/, '-thumb.jpg')]))
  return content
}

/** A content photo, part of the content once saved in `photos`; 404 unknown code; JPEG or PNG only (415). */
export async function uploadContentPhoto(
  db: Db,
  files: FileStorage,
  locationCode: string,
  photo: UploadedPhoto,
): Promise<UploadedContentPhoto> {
  await assertLocation(db, locationCode)
  const checked = await checkPhotos([photo])
  const [stored] = await storePhotos(files, checked, photoPrefix(locationCode))
  return { name: stored!.file_name, url: files.url(stored!.file_name) }
}
