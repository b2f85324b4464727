import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { HttpError } from '../../lib/http-error.ts'
import type { FileStorage } from './storage.ts'

/**
 * Uploaded photos of tasks, brand-standards reports and CMS content: JPEG, PNG or HEIC recognised by
 * their content (magic bytes, not the name or the declared type), at most IMAGE_MAX_PIXELS (read from
 * the header before anything is decoded), stored in the file storage of DESIGN §6 (served at
 * /img/{name}) with a JPEG thumbnail made by sharp. A photo that does not decode is refused (415),
 * HEIC included: this sharp decodes HEIF with AV1 (AVIF) but not HEVC, so an iPhone's HEVC photo is
 * refused with a message asking for JPEG rather than stored unseen.
 */

/** Largest photo or map accepted, in pixels (width × height): 50 megapixels, above any phone camera. */
export const IMAGE_MAX_PIXELS = 50_000_000

/** The kinds of file lib/multipart.ts lets through as photos. */
export const PHOTO_KINDS = ['jpeg', 'png', 'heic'] as const

/** A photo of a multipart upload, on disk (lib/multipart.ts) until the response is sent. */
export interface UploadedPhoto {
  filename: string
  path: string
}

export interface CheckedPhoto extends UploadedPhoto {
  mime: 'image/jpeg' | 'image/png' | 'image/heic'
  ext: 'jpg' | 'png' | 'heic'
}

export interface StoredPhoto {
  file_name: string
  thumbnail_name: string | null
  content_type: string
  byte_size: number
}

const THUMBNAIL_SIZE = 480

/** The first 4100 bytes of a file, all file-type needs to recognise it. */
export async function readFileHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file)
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4100), 0, 4100, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const heicRefusal = (filename: string) =>
  `${filename || 'A HEIC photo'} could not be decoded. Send it as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible).`

/** The 415 text of a file that is not a photo. */
export const notAPhotoMessage = (filename: string) => `${filename || 'A file'} is not a JPEG, PNG or HEIC photo.`
const unsupported = (filename: string) =>
  new HttpError(415, 'unsupported_media_type', notAPhotoMessage(filename), 'images')

/**
 * Refuses (413) an image whose header declares more than IMAGE_MAX_PIXELS, before it is decoded; 415
 * when the header cannot be read.
 */
export async function assertImageSize(
  file: string,
  filename: string,
  field: string,
  unreadable = (name: string) => `${name || 'The file'} could not be read as an image.`,
): Promise<void> {
  let width: number | undefined
  let height: number | undefined
  try {
    ;({ width, height } = await sharp(file, { limitInputPixels: false }).metadata())
  } catch {
    throw new HttpError(415, 'unsupported_media_type', unreadable(filename), field)
  }
  if ((width ?? 0) * (height ?? 0) > IMAGE_MAX_PIXELS)
    throw new HttpError(
      413,
      'payload_too_large',
      `${filename || 'The image'} is ${width}×${height} pixels; images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
      field,
    )
}

/** Recognises each photo by its bytes and checks its size in pixels; 415 naming the first that is not JPEG, PNG or HEIC. */
export async function checkPhotos(photos: UploadedPhoto[]): Promise<CheckedPhoto[]> {
  const checked: CheckedPhoto[] = []
  for (const photo of photos) {
    const type = await fileTypeFromBuffer(await readFileHead(photo.path))
    if (type?.mime === 'image/jpeg') checked.push({ ...photo, mime: 'image/jpeg', ext: 'jpg' })
    else if (type?.mime === 'image/png') checked.push({ ...photo, mime: 'image/png', ext: 'png' })
    else if (
      type?.mime === 'image/heic' ||
      type?.mime === 'image/heif' ||
      type?.mime === 'image/heic-sequence' ||
      type?.mime === 'image/heif-sequence'
    ) {
      checked.push({ ...photo, mime: 'image/heic', ext: 'heic' })
    } else throw unsupported(photo.filename)
    await assertImageSize(
      photo.path,
      photo.filename,
      'images',
      checked.at(-1)!.ext === 'heic' ? heicRefusal : undefined,
    )
  }
  return checked
}

/** Makes a JPEG thumbnail (longest side 480 px, EXIF orientation applied), or null when the image cannot be decoded. */
export async function makeThumbnail(data: Buffer | string): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer()
  } catch {
    return null
  }
}

/**
 * Writes checked photos and their thumbnails to the file storage, names starting with `prefix` (default
 * `task`), one photo at a time so memory holds one photo, not the whole upload. A photo that cannot be
 * decoded is refused with 415 (nothing is left behind). Returns the stored names in upload order.
 */
export async function storePhotos(files: FileStorage, photos: CheckedPhoto[], prefix = 'task'): Promise<StoredPhoto[]> {
  const thumbnails: Buffer[] = []
  for (const photo of photos) {
    const thumbnail = await makeThumbnail(photo.path)
    if (!thumbnail)
      throw new HttpError(
        415,
        'unsupported_media_type',
        photo.ext === 'heic' ? heicRefusal(photo.filename) : notAPhotoMessage(photo.filename),
        'images',
      )
    thumbnails.push(thumbnail)
  }
  const stored: StoredPhoto[] = []
  try {
    for (const [index, photo] of photos.entries()) {
      const base = `${prefix}-${randomUUID()}`
      const thumbnail = thumbnails[index]
      const data = await fs.readFile(photo.path)
      await files.put(`${base}.${photo.ext}`, data, photo.mime)
      const entry: StoredPhoto = {
        file_name: `${base}.${photo.ext}`,
        thumbnail_name: null,
        content_type: photo.mime,
        byte_size: data.length,
      }
      stored.push(entry)
      if (thumbnail) {
        await files.put(`${base}-thumb.jpg`, thumbnail, 'image/jpeg')
        entry.thumbnail_name = `${base}-thumb.jpg`
      }
    }
  } catch (error) {
    await removePhotos(files, stored)
    throw error
  }
  return stored
}

export async function removePhotos(files: FileStorage, stored: StoredPhoto[]): Promise<void> {
  await files.remove(
    stored.flatMap((photo) => [photo.file_name, photo.thumbnail_name]).filter((name): name is string => Boolean(name)),
  )
}

export function fileUrl(name: string): string {
  return `/img/${name}`
}
