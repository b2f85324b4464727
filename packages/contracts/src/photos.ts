/** Photos taken in the field (task and inspection photos): the kinds the server keeps, by content. Zod-free. */

/** Media types of a photo recognised by its bytes: JPEG, PNG and HEIC/HEIF (iPhone). */
export const PHOTO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
] as const

export function isPhotoMime(mime: string | undefined): boolean {
  return (PHOTO_MIME_TYPES as readonly string[]).includes(mime ?? '')
}

/** 'notes.pdf is not a JPEG, PNG or HEIC photo.' */
export const notAPhotoMessage = (filename: string) => `${filename || 'A file'} is not a JPEG, PNG or HEIC photo.`
