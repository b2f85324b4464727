import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import type { SaveFacilitySnapshotInput, SavedFacilitySnapshot } from '@storageops/contracts/facilities'
import { PROPERTY_MAP_TYPES, snapshotSavedMessage } from '@storageops/contracts/facilities-fields'
import type { Db } from '../../db/client.ts'
import { snapshotLocations } from '../../db/schema.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'
import { IMAGE_MAX_PIXELS, assertImageSize, readFileHead } from '../../integrations/files/photos.ts'
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts'
import { recordAudit, type AuditActor } from '../../lib/audit.ts'
import { ensureFacilityDetails, getFacilityDetails, getLocationByCode } from './facilities.service.ts'

export interface UploadedPropertyMap {
  filename: string
  path: string
}

const PROPERTY_MAP_EXTENSIONS: Record<(typeof PROPERTY_MAP_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}
const FORMAT_OF: Record<(typeof PROPERTY_MAP_TYPES)[number], 'png' | 'jpeg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
}
/** Longest side of a stored property map, in pixels: larger maps are scaled down on upload. */
export const PROPERTY_MAP_MAX_SIDE = 4096

export const propertyMapRefusal = (filename: string) => `${filename || 'The file'} is not a PNG, JPEG or WebP image.`

/**
 * A property map by its bytes: 413 over IMAGE_MAX_PIXELS before decoding, scaled to PROPERTY_MAP_MAX_SIDE. PNG, JPEG
 * and WebP only (an SVG from /img/ would run scripts on our origin); else 415 naming upload_file.
 */
export async function checkPropertyMap(
  upload: UploadedPropertyMap,
): Promise<{ data: Buffer; mime: (typeof PROPERTY_MAP_TYPES)[number]; ext: string }> {
  const type = await fileTypeFromBuffer(await readFileHead(upload.path))
  const mime = PROPERTY_MAP_TYPES.find((candidate) => candidate === type?.mime)
  const refused = new HttpError(415, 'unsupported_media_type', propertyMapRefusal(upload.filename), 'upload_file')
  if (!mime) throw refused
  await assertImageSize(upload.path, upload.filename, 'upload_file')
  try {
    const data = await sharp(upload.path, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(PROPERTY_MAP_MAX_SIDE, PROPERTY_MAP_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(FORMAT_OF[mime])
      .toBuffer()
    return { data, mime, ext: PROPERTY_MAP_EXTENSIONS[mime] }
  } catch {
    throw refused
  }
}

/** Creates the details if none and marks them filled in. Errors: 404 location_code; 400 slug not its own; 415. */
export async function saveFacilitySnapshot(
  db: Db,
  files: FileStorage,
  input: SaveFacilitySnapshotInput,
  actor: AuditActor,
  options: { upload?: UploadedPropertyMap; publicSiteUrl: string },
): Promise<SavedFacilitySnapshot> {
  const { location_code: locationCode, slug, ...fields } = input
  const location = await getLocationByCode(db, locationCode)
  if (slug !== undefined && slug !== location.slug)
    throw badRequest(`The slug ${slug} is not the slug of ${locationCode}.`, 'slug')
  const image = options.upload ? await checkPropertyMap(options.upload) : null
  const imageName = image ? `property-map-${locationCode.toLowerCase()}-${randomUUID()}.${image.ext}` : null
  if (image && imageName) await files.put(imageName, image.data, image.mime)
  let replacedImage: string | null = null
  try {
    await db.transaction(async (tx) => {
      await ensureFacilityDetails(tx, locationCode)
      const [before] = await tx
        .select()
        .from(snapshotLocations)
        .where(eq(snapshotLocations.location_code, locationCode))
        .for('update')
      if (!before) throw notFound(`No facility with location code ${locationCode}.`, 'location_code')
      const changes = {
        ...fields,
        ...(imageName ? { property_map: imageName } : {}),
        details_filled_in: true,
        updatedAt: new Date(),
      }
      const [after] = await tx
        .update(snapshotLocations)
        .set(changes)
        .where(eq(snapshotLocations.location_code, locationCode))
        .returning()
      await recordAudit(tx, actor, 'update', 'snapshot_location', locationCode, before, after)
      if (imageName && before.property_map && before.property_map !== imageName) replacedImage = before.property_map
    })
  } catch (error) {
    if (imageName) await files.remove([imageName])
    throw error
  }
  if (replacedImage) await files.remove([replacedImage])
  return {
    message: snapshotSavedMessage(location.name),
    facility: await getFacilityDetails(db, locationCode, options.publicSiteUrl),
  }
}
