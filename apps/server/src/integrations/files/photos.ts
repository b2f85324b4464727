import { randomUUID } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { HttpError } from '../../lib/http-error.ts'
import type { FileStorage } from './storage.ts'

/** Photos are JPEG, PNG or HEIC by their bytes, never by name or declared type; HEIC is kept even without a thumbnail. */

export interface UploadedPhoto {
  filename: string
  data: Buffer
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

const unsupported = (filename: string) =>
  new HttpError(415, 'unsupported_media_type', `${filename || 'A file'} is not a JPEG, PNG or HEIC photo.`, 'images')

/** Recognises each photo by its bytes; throws 415 naming the first file that is not JPEG, PNG or HEIC. */
export async function checkPhotos(photos: UploadedPhoto[]): Promise<CheckedPhoto[]> {
  const checked: CheckedPhoto[] = []
  for (const photo of photos) {
    const type = await fileTypeFromBuffer(photo.data)
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
  }
  return checked
}

/** Makes a JPEG thumbnail (longest side 480 px, EXIF orientation applied), or null when the image cannot be decoded. */
export async function makeThumbnail(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer()
  } catch {
    return null
  }
}

/** 415 for a JPEG or PNG that does not decode, leaving nothing behind; names in upload order. */
export async function storePhotos(files: FileStorage, photos: CheckedPhoto[], prefix = 'task'): Promise<StoredPhoto[]> {
  const thumbnails = await Promise.all(photos.map((photo) => makeThumbnail(photo.data)))
  const broken = photos.find((photo, index) => thumbnails[index] === null && photo.ext !== 'heic')
  if (broken) throw unsupported(broken.filename)
  const stored: StoredPhoto[] = []
  try {
    for (const [index, photo] of photos.entries()) {
      const base = `${prefix}-${randomUUID()}`
      const thumbnail = thumbnails[index]
      await files.put(`${base}.${photo.ext}`, photo.data, photo.mime)
      const entry: StoredPhoto = {
        file_name: `${base}.${photo.ext}`,
        thumbnail_name: null,
        content_type: photo.mime,
        byte_size: photo.data.length,
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
