import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { isPhotoMime, notAPhotoMessage } from '@storageops/contracts/photos'
import { HttpError } from '../../lib/http-error.ts'
import type { FileStorage } from './storage.ts'

/** Uploaded photos: JPEG, PNG or HEIC by content; HEVC HEIC is 415 too (this sharp decodes AV1 HEIF only). */

/** Largest photo or map accepted, in pixels (width × height): 50 megapixels, above any phone camera. */
export const IMAGE_MAX_PIXELS = 50_000_000

export const PHOTO_KINDS = ['jpeg', 'png', 'heic'] as const

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

export { notAPhotoMessage }
const unsupported = (filename: string) =>
  new HttpError(415, 'unsupported_media_type', notAPhotoMessage(filename), 'images')

/** 413 over IMAGE_MAX_PIXELS by the header, before decoding; 415 for an unreadable header. */
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
    else if (isPhotoMime(type?.mime)) checked.push({ ...photo, mime: 'image/heic', ext: 'heic' })
    else throw unsupported(photo.filename)
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

/** Stores photos and thumbnails one at a time (`prefix`, default `task`); 415 leaves nothing behind. Names in order. */
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
