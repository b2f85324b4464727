import { z } from 'zod'
import { ErrorBody } from './errors.ts'
import { listQuery, recordsPage } from './list-query.ts'
import { text } from './primitives.ts'

/** The media library (spec: admin-console-part-2 §2 File Management, §7, §9; docs/decisions/016-media-library.md). */

/** A stored file's name: letters, digits, dot, dash and underscore, no leading dot (so no paths, no `..`). */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

/** Largest library image in bytes (20 MB) and most files in one upload. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024
export const MEDIA_MAX_FILES = 20

/** Thumbnail box of the list, in pixels (spec: §9 "thumbnails 120 by 80"). */
export const THUMBNAIL_WIDTH = 120
export const THUMBNAIL_HEIGHT = 80

/** Web sizes made at upload (WebP `{name}.w{width}.webp`), only those narrower than the original (decision 016). */
export const WEB_WIDTHS = [480, 960, 1600] as const

export const ImageVariant = z.object({ path: z.string(), width: z.number(), height: z.number() })
export type ImageVariant = z.infer<typeof ImageVariant>

/** A library file's thumbnail in storage (240×160 JPEG shown at 120×80). */
export const thumbnailNameOf = (name: string) => `${name}.thumb.jpg`

/** The homepage's two fixed image names (spec: §3 Homepage content, §9). */
export const HOMEPAGE_IMAGE_NAMES = ['homepage_hero_image.jpg', 'homepage_kiosk_image.jpg'] as const
export type HomepageImageName = (typeof HOMEPAGE_IMAGE_NAMES)[number]

export const FileUsage = z.object({
  kind: z.string(),
  label: z.string(),
  link: z.string(),
})
export type FileUsage = z.infer<typeof FileUsage>

export const MediaFile = z.object({
  name: z.string(),
  path: z.string(),
  /** The 120×80 thumbnail's path (JPEG). */
  thumbnail: z.string(),
  /** Web sizes, narrowest first; the original is the widest. */
  variants: z.array(ImageVariant),
  content_type: z.string(),
  /** Bytes. */
  byte_size: z.number(),
  width: z.number(),
  height: z.number(),
  uploaded_by: z.string(),
  createdAt: z.string(),
  used_in: z.array(FileUsage),
})
export type MediaFile = z.infer<typeof MediaFile>

/** Columns the library sorts by on request (Path, Size); its own order is newest first. */
export const FILE_SORTS = ['name', 'byte_size'] as const
export type FileSort = (typeof FILE_SORTS)[number]
export const FILES_PAGE_SIZE = 25

/**
 * GET /api/file?unused=true lists only files no content uses; with limit, offset, sort, order or q (in the name)
 * the answer is one page, `{ rows, count }` (DESIGN §13).
 */
export const FileListQuery = listQuery(FILE_SORTS).extend({
  unused: z.enum(['true', 'false']).optional(),
})
export type FileListQuery = z.output<typeof FileListQuery>

export const FileList = z.object({ files: z.array(MediaFile), count: z.number() })
export type FileList = z.infer<typeof FileList>
export const FilesPage = recordsPage(MediaFile)
export type FilesPage = z.infer<typeof FilesPage>

/** POST /api/file/upload answer: the text the screen shows as it is (spec: §8 "upload success shows the server text"). */
export const UploadedFiles = z.object({ message: z.string(), files: z.array(MediaFile) })
export type UploadedFiles = z.infer<typeof UploadedFiles>

export const fileName = () =>
  text({ error: 'fileNames must list file names.' })
    .max(200)
    .regex(FILE_NAME_PATTERN, 'A file name has letters, digits, dots, dashes and underscores only (no folders).')

/** POST /api/file/delete: `force` deletes files that content still uses (409 without it). */
export const DeleteFilesInput = z.object({
  fileNames: z
    .array(fileName(), { error: 'fileNames must list file names.' })
    .min(1, 'Select at least one file.')
    .max(2000),
  force: z.boolean().default(false),
})
export type DeleteFilesInput = z.input<typeof DeleteFilesInput>

export const DeletedFiles = z.object({ message: z.string(), deleted: z.array(z.string()) })
export type DeletedFiles = z.infer<typeof DeletedFiles>

export const FilesInUse = ErrorBody.extend({
  in_use: z.array(z.object({ name: z.string(), used_in: z.array(FileUsage) })),
})
export type FilesInUse = z.infer<typeof FilesInUse>

export const srcSetOf = (file: Pick<MediaFile, 'path' | 'width' | 'variants'>) =>
  [...file.variants, { path: file.path, width: file.width }].map((size) => `${size.path} ${size.width}w`).join(', ')

export const filesCount = (count: number) => `${count} ${count === 1 ? 'file' : 'files'}`
