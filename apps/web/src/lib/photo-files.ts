import { fileTypeFromBuffer } from 'file-type'
import { isPhotoMime, notAPhotoMessage } from '@storageops/contracts/photos'

/** Bytes file-type needs to recognise a file. */
const HEAD_BYTES = 4100

/**
 * Sorts picked files by their bytes, as the server will (JPEG, PNG, HEIC): the photos, and one message per
 * file that is not one ('notes.pdf is not a JPEG, PNG or HEIC photo.'), so it is refused when chosen.
 */
export async function sortPickedPhotos(files: File[]): Promise<{ photos: File[]; refusals: string[] }> {
  const photos: File[] = []
  const refusals: string[] = []
  for (const file of files) {
    const type = await fileTypeFromBuffer(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()))
    if (isPhotoMime(type?.mime)) photos.push(file)
    else refusals.push(notAPhotoMessage(file.name))
  }
  return { photos, refusals }
}
