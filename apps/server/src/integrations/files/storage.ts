import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * File storage (DESIGN §6): photos, property maps and other uploads, each under a flat name such as
 * `brands-<uuid>.jpg`, served to browsers at `/img/{name}` whatever the backend.
 *
 * - Default (stand-in): a folder, `DATA_DIR/files`.
 * - Real: any S3-compatible object store (`S3_BUCKET`, `S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`,
 *   `S3_SECRET_ACCESS_KEY`), through the AWS SDK; `/img/{name}` is then streamed from the bucket so
 *   pages keep one origin and the bucket can stay private.
 */
export interface FileStorage {
  /** Stores `data` under `name` (replacing any file of that name). */
  put(name: string, data: Buffer, contentType: string): Promise<void>
  /** The bytes and content type stored under `name`, or null when there is none. */
  get(name: string): Promise<StoredFile | null>
  /** Deletes the named files; names that do not exist are ignored. */
  remove(names: string[]): Promise<void>
  /** The address browsers load the file from: `/img/{name}`. */
  url(name: string): string
  /** 'local' or 's3', for logs and README figures. */
  readonly kind: 'local' | 's3'
}

export interface StoredFile {
  data: Buffer
  contentType: string
}

/** Settings of the S3-compatible backend; endpoint unset = AWS itself. */
export interface S3Settings {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** Path-style addressing (`endpoint/bucket/key`), needed by most non-AWS stores and the test stand-in. */
  forcePathStyle: boolean
  /** Key prefix inside the bucket, e.g. `storageops/`. */
  prefix: string
}

/** A flat file name: letters, digits, dot, dash and underscore, no leading dot (so no paths, no `..`). */
export const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

function checkName(name: string): string {
  if (!FILE_NAME.test(name)) throw new Error(`Invalid file name: ${JSON.stringify(name)}`)
  return name
}

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.heic': 'image/heic',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.csv': 'text/csv',
  '.pdf': 'application/pdf',
}

/** The content type a file name implies (used by the folder backend, which keeps no metadata). */
export function contentTypeOf(name: string): string {
  return contentTypes[path.extname(name).toLowerCase()] ?? 'application/octet-stream'
}

/** The folder backend: files under `dir`, created on first write. */
export function localFileStorage(dir: string): FileStorage {
  return {
    kind: 'local',
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true })
      await fs.writeFile(path.join(dir, checkName(name)), data)
    },
    async get(name) {
      if (!FILE_NAME.test(name)) return null
      try {
        return { data: await fs.readFile(path.join(dir, name)), contentType: contentTypeOf(name) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(names) {
      await Promise.all(
        names.filter((name) => FILE_NAME.test(name)).map((name) => fs.rm(path.join(dir, name), { force: true })),
      )
    },
    url: (name) => `/img/${name}`,
  }
}

/**
 * The S3-compatible backend (AWS S3, MinIO, R2, …). The AWS SDK is loaded on first use, so the
 * default folder backend never pays for it at start-up.
 */
export function s3FileStorage(settings: S3Settings): FileStorage {
  const sdk = import('@aws-sdk/client-s3').then((s3) => ({
    s3,
    client: new s3.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 demands them: many S3-compatible stores refuse the SDK's newer default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    }),
  }))
  const key = (name: string) => `${settings.prefix}${checkName(name)}`
  return {
    kind: 's3',
    async put(name, data, contentType) {
      const Key = key(name)
      const { s3, client } = await sdk
      await client.send(new s3.PutObjectCommand({ Bucket: settings.bucket, Key, Body: data, ContentType: contentType }))
    },
    async get(name) {
      if (!FILE_NAME.test(name)) return null
      const { s3, client } = await sdk
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }))
        const bytes = await object.Body!.transformToByteArray()
        return { data: Buffer.from(bytes), contentType: object.ContentType ?? contentTypeOf(name) }
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },
    async remove(names) {
      const keys = names.filter((name) => FILE_NAME.test(name)).map((name) => ({ Key: key(name) }))
      if (keys.length === 0) return
      const { s3, client } = await sdk
      for (let start = 0; start < keys.length; start += 1000) {
        await client.send(
          new s3.DeleteObjectsCommand({
            Bucket: settings.bucket,
            Delete: { Objects: keys.slice(start, start + 1000), Quiet: true },
          }),
        )
      }
    },
    url: (name) => `/img/${name}`,
  }
}

/** The storage the settings ask for: S3 when `S3_BUCKET` is set, else the folder `DATA_DIR/files`. */
export function fileStorageFor(env: {
  dataDir: string
  S3_BUCKET?: string
  S3_ENDPOINT?: string
  S3_REGION: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
  S3_FORCE_PATH_STYLE?: boolean
  S3_PREFIX: string
}): FileStorage {
  if (!env.S3_BUCKET) return localFileStorage(path.join(env.dataDir, 'files'))
  return s3FileStorage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX,
  })
}
