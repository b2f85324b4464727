import { and, desc, eq, inArray, notInArray } from 'drizzle-orm'
import sharp from 'sharp'
import {
  HOMEPAGE_IMAGE_NAMES,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  WEB_WIDTHS,
  FILES_PAGE_SIZE,
  filesCount,
  thumbnailNameOf,
  type DeletedFiles,
  type FileList,
  type FileListQuery,
  type FileSort,
  type FilesPage,
  type FileUsage,
  type MediaFile,
  type UploadedFiles,
} from '@storageops/contracts/files'
import type { Db, Tx } from '../../db/client.ts'
import { mediaFiles, users } from '../../db/schema.ts'
import { recordAudit, type AuditActor } from '../../lib/audit.ts'
import { countRows, listOrderBy, listSearch, listWindow, type ListColumns } from '../../lib/list-query.ts'
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts'
import type { ReceivedFile } from '../../lib/multipart.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import type { ReadVersions } from '../../lib/read-versions.ts'
import { assertImageSize, IMAGE_MAX_PIXELS } from '../../integrations/files/photos.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'
import { fileUsage } from './file-usage.ts'

type MediaRow = typeof mediaFiles.$inferSelect

const FORMATS = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
} as const
type ImageFormat = keyof typeof FORMATS

export const variantNameOf = (name: string, width: number) => `${name}.w${width}.webp`

/** Every name a library file keeps in storage: the file, its thumbnail and its web sizes. */
const storedNamesOf = (row: Pick<MediaRow, 'name' | 'thumbnail_name' | 'variants'>) => [
  row.name,
  row.thumbnail_name,
  ...row.variants.map((variant) => variant.name),
]

function toMediaFile(row: MediaRow, uploader: string | null, usedIn: FileUsage[]): MediaFile {
  return {
    name: row.name,
    path: `/img/${row.name}`,
    thumbnail: `/img/${row.thumbnail_name}`,
    variants: row.variants.map((variant) => ({
      path: `/img/${variant.name}`,
      width: variant.width,
      height: variant.height,
    })),
    content_type: row.content_type,
    byte_size: row.byte_size,
    width: row.width,
    height: row.height,
    uploaded_by: uploader ?? 'Demo data',
    createdAt: row.createdAt.toISOString(),
    used_in: usedIn,
  }
}

const uploaderName = (user: { firstName: string; lastName: string; email: string } | null) =>
  user ? `${user.firstName} ${user.lastName}`.trim() || user.email : null

export async function listFiles(
  db: Db,
  versions: Pick<ReadVersions, 'version'>,
  options: { unused?: boolean } = {},
): Promise<FileList> {
  const rows = await db
    .select({ file: mediaFiles, user: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(mediaFiles)
    .leftJoin(users, eq(users.id, mediaFiles.uploaded_by))
    .orderBy(desc(mediaFiles.createdAt), mediaFiles.name)
  const usage = await fileUsage(db, versions)
  const files = rows
    .map(({ file, user }) => toMediaFile(file, uploaderName(user), usage.get(file.name) ?? []))
    .filter((file) => !options.unused || file.used_in.length === 0)
  return { files, count: files.length }
}

const FILE_LIST: ListColumns<FileSort> = {
  sorts: { name: mediaFiles.name, byte_size: mediaFiles.byte_size },
  key: mediaFiles.name,
  defaultOrder: [desc(mediaFiles.createdAt)],
  search: [mediaFiles.name],
  defaultLimit: FILES_PAGE_SIZE,
}

/** One page of the library (DESIGN §13), each file with where it is used; `unused` leaves out used files. */
export async function listFilesPage(
  db: Db,
  versions: Pick<ReadVersions, 'version'>,
  query: FileListQuery,
): Promise<FilesPage> {
  const usage = await fileUsage(db, versions)
  const where = and(
    query.unused === 'true' && usage.size > 0 ? notInArray(mediaFiles.name, [...usage.keys()]) : undefined,
    listSearch(FILE_LIST, query.q),
  )
  const { limit, offset } = listWindow(FILE_LIST, query)
  const [rows, count] = await Promise.all([
    db
      .select({ file: mediaFiles, user: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
      .from(mediaFiles)
      .leftJoin(users, eq(users.id, mediaFiles.uploaded_by))
      .where(where)
      .orderBy(...listOrderBy(FILE_LIST, query))
      .limit(limit)
      .offset(offset),
    countRows(db, mediaFiles, where),
  ])
  return {
    rows: rows.map(({ file, user }) => toMediaFile(file, uploaderName(user), usage.get(file.name) ?? [])),
    count,
  }
}

/** A flat, lower-case name from an uploaded file's name: no folders, no dots but the extension's. */
export function safeBaseName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? ''
  const stem = base.replace(/\.[^.]*$/, '')
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 80)
  return slug || 'image'
}

interface SizedImage {
  name: string
  data: Buffer
  width: number
  height: number
}

interface DrawnSizes {
  thumbnail: Buffer
  variants: SizedImage[]
}

/** The list's thumbnail (2× 120×80, cropped) and the WebP web sizes narrower than the upright `source`. */
async function drawSizes(source: Buffer, name: string, width: number): Promise<DrawnSizes> {
  const [thumbnail, variants] = await Promise.all([
    sharp(source)
      .resize(THUMBNAIL_WIDTH * 2, THUMBNAIL_HEIGHT * 2, { fit: 'cover' })
      .jpeg({ quality: 75 })
      .toBuffer(),
    Promise.all(
      WEB_WIDTHS.filter((web) => web < width).map(async (web): Promise<SizedImage> => {
        const { data, info } = await sharp(source)
          .resize({ width: web })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true })
        return { name: variantNameOf(name, web), data, width: info.width, height: info.height }
      }),
    ),
  ])
  return { thumbnail, variants }
}

interface PreparedImage extends DrawnSizes {
  name: string
  format: ImageFormat
  data: Buffer
  width: number
  height: number
}

/** Re-encodes an upload (EXIF orientation applied, metadata such as GPS dropped) and draws its sizes; 415 when it does not decode. */
async function prepareImage(file: ReceivedFile, name: string, format: ImageFormat): Promise<PreparedImage> {
  await assertImageSize(file.path, file.filename, file.field)
  try {
    const image = sharp(file.path, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS }).rotate()
    const { data, info } = await (
      format === 'jpeg'
        ? image.jpeg({ quality: 88 })
        : format === 'png'
          ? image.png({ compressionLevel: 8 })
          : image.webp({ quality: 88 })
    ).toBuffer({ resolveWithObject: true })
    return { name, format, data, width: info.width, height: info.height, ...(await drawSizes(data, name, info.width)) }
  } catch {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `${file.filename || 'A file'} could not be read as an image.`,
      file.field,
    )
  }
}

function formatOf(file: ReceivedFile): ImageFormat {
  if (file.kind === 'jpeg' || file.kind === 'png' || file.kind === 'webp') return file.kind
  throw new HttpError(415, 'unsupported_media_type', notAnImageMessage(file.filename), file.field)
}

export const notAnImageMessage = (filename: string) =>
  `${filename || 'The file'} is not a JPEG, PNG or WebP image. Other files, SVG drawings included, are refused.`

async function freeNames(db: Db, wanted: Array<{ base: string; ext: string }>): Promise<string[]> {
  const taken = new Set(
    (await db.select({ name: mediaFiles.name }).from(mediaFiles)).flatMap((row) => [
      row.name,
      thumbnailNameOf(row.name),
    ]),
  )
  return wanted.map(({ base, ext }) => {
    let name = `${base}.${ext}`
    for (let suffix = 1; taken.has(name) || taken.has(thumbnailNameOf(name)) || isReserved(name); suffix += 1)
      name = `${base}-${suffix}.${ext}`
    taken.add(name)
    taken.add(thumbnailNameOf(name))
    return name
  })
}

const isReserved = (name: string) => (HOMEPAGE_IMAGE_NAMES as readonly string[]).includes(name)

/**
 * Adds uploads to the library (spec: §7 POST /api/file/upload); with `fileName` the one JPEG replaces that file.
 * All or nothing: a file that fails leaves no file and no row behind.
 */
export async function uploadFiles(
  db: Db,
  versions: Pick<ReadVersions, 'version'>,
  storage: FileStorage,
  uploads: ReceivedFile[],
  actor: AdminSession,
  fileName?: string,
): Promise<UploadedFiles> {
  if (uploads.length === 0) throw badRequest('Select at least one file to upload.', 'upload_files')
  let prepared: PreparedImage[]
  if (fileName !== undefined) {
    if (!isReserved(fileName))
      throw badRequest(`fileName must be one of ${HOMEPAGE_IMAGE_NAMES.join(', ')}.`, 'fileName')
    if (!actor.user.role?.superadmin)
      throw new HttpError(403, 'forbidden', 'Only a superadmin may replace the homepage images.', 'fileName')
    const [file] = uploads
    if (uploads.length !== 1 || !file) throw badRequest('Send one file in upload_file.', 'upload_file')
    if (file.kind !== 'jpeg')
      throw new HttpError(415, 'unsupported_media_type', 'Only JPEG images are accepted for the homepage.', file.field)
    prepared = [await prepareImage(file, fileName, 'jpeg')]
  } else {
    const formats = uploads.map(formatOf)
    const names = await freeNames(
      db,
      uploads.map((file, index) => ({ base: safeBaseName(file.filename), ext: FORMATS[formats[index]!].ext })),
    )
    prepared = []
    for (const [index, file] of uploads.entries())
      prepared.push(await prepareImage(file, names[index]!, formats[index]!))
  }

  const stored: string[] = []
  // A replaced file's web sizes that the new image does not have (it may be narrower) go once it is stored.
  const replaced = fileName === undefined ? [] : await db.select().from(mediaFiles).where(eq(mediaFiles.name, fileName))
  let rows: MediaRow[]
  try {
    rows = await db.transaction(async (tx) => {
      const values = prepared.map((image) => ({
        name: image.name,
        thumbnail_name: thumbnailNameOf(image.name),
        variants: image.variants.map(({ name, width, height }) => ({ name, width, height })),
        content_type: FORMATS[image.format].mime,
        byte_size: image.data.length,
        width: image.width,
        height: image.height,
        uploaded_by: actor.user.id,
      }))
      // Rows first: a name taken meanwhile by another upload fails here (409), before any bytes are written.
      const inserted =
        fileName === undefined
          ? await tx.insert(mediaFiles).values(values).returning()
          : await tx
              .insert(mediaFiles)
              .values(values)
              .onConflictDoUpdate({
                target: mediaFiles.name,
                set: { ...values[0]!, createdAt: new Date() },
              })
              .returning()
      for (const image of prepared) {
        const sizes = [
          { name: image.name, data: image.data, type: FORMATS[image.format].mime },
          { name: thumbnailNameOf(image.name), data: image.thumbnail, type: 'image/jpeg' },
          ...image.variants.map((variant) => ({ ...variant, type: 'image/webp' })),
        ]
        for (const size of sizes) {
          if (fileName === undefined) stored.push(size.name)
          await storage.put(size.name, size.data, size.type)
        }
      }
      await recordAudit(
        tx,
        actor,
        fileName ? 'replace' : 'upload',
        'file',
        prepared.map((image) => image.name).join(', '),
        null,
        values,
      )
      return inserted
    })
  } catch (error) {
    await storage.remove(stored)
    throw error
  }
  const kept = new Set(rows.flatMap(storedNamesOf))
  await storage.remove(replaced.flatMap(storedNamesOf).filter((name) => !kept.has(name)))
  const names = rows.map((row) => row.name)
  const usage = await fileUsage(db, versions, new Set(names))
  const uploader = uploaderName(actor.user)
  return {
    message:
      fileName !== undefined ? `Uploaded ${fileName}.` : `Uploaded ${filesCount(rows.length)}: ${names.join(', ')}.`,
    files: rows.map((row) => toMediaFile(row, uploader, usage.get(row.name) ?? [])),
  }
}

/** Deletes library files (spec: §7); 404 names a file not there; 409 with the places for used ones unless `force`. */
export async function deleteFiles(
  db: Db,
  versions: Pick<ReadVersions, 'version'>,
  storage: FileStorage,
  input: { fileNames: string[]; force: boolean },
  actor: AuditActor,
): Promise<DeletedFiles> {
  const names = [...new Set(input.fileNames)]
  const rows = await db.select().from(mediaFiles).where(inArray(mediaFiles.name, names))
  const missing = names.filter((name) => !rows.some((row) => row.name === name))
  if (missing.length) throw notFound(`No such file: ${missing.join(', ')}.`, 'fileNames')
  const usage = await fileUsage(db, versions, new Set(names))
  const inUse = names.filter((name) => usage.has(name)).map((name) => ({ name, used_in: usage.get(name)! }))
  if (inUse.length && !input.force)
    throw new HttpError(
      409,
      'file_in_use',
      `${inUse.length === 1 ? `${inUse[0]!.name} is` : `${filesCount(inUse.length)} are`} still used by content: ${inUse
        .flatMap((file) => file.used_in.map((place) => `${place.kind} “${place.label}”`))
        .join(', ')}.`,
      'fileNames',
      { in_use: inUse },
    )
  await db.transaction(async (tx) => {
    await tx.delete(mediaFiles).where(inArray(mediaFiles.name, names))
    await recordAudit(
      tx,
      actor,
      inUse.length ? 'force-delete' : 'delete',
      'file',
      names.join(', '),
      { rows, in_use: inUse },
      null,
    )
  })
  await storage.remove(rows.flatMap(storedNamesOf))
  return { message: `Deleted ${filesCount(names.length)}.`, deleted: names }
}

/** Adds files already in storage to the library (the demo seed): reads each, records size and draws its sizes. */
export async function registerStoredFiles(db: Db | Tx, storage: FileStorage, names: readonly string[]): Promise<void> {
  const values = []
  for (const name of names) {
    const file = await storage.get(name)
    if (!file) continue
    const { width = 0, height = 0 } = await sharp(file.data).metadata()
    const { thumbnail, variants } = await drawSizes(file.data, name, width)
    await storage.put(thumbnailNameOf(name), thumbnail, 'image/jpeg')
    for (const variant of variants) await storage.put(variant.name, variant.data, 'image/webp')
    values.push({
      name,
      thumbnail_name: thumbnailNameOf(name),
      variants: variants.map((variant) => ({ name: variant.name, width: variant.width, height: variant.height })),
      content_type: file.contentType,
      byte_size: file.data.length,
      width,
      height,
    })
  }
  if (values.length) await db.insert(mediaFiles).values(values).onConflictDoNothing()
}
