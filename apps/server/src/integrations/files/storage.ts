import fs from 'node:fs/promises'
import path from 'node:path'

/** Uploads under flat names (`brands-<uuid>.jpg`), served at `/img/{name}` from a folder or an S3-compatible bucket. */
export interface FileStorage {
  put(name: string, data: Buffer, contentType: string): Promise<void>
  /** The bytes and content type stored under `name`, or null when there is none. */
  get(name: string): Promise<StoredFile | null>
  /** Deletes the named files; names that do not exist are ignored. */
  remove(names: string[]): Promise<void>
  url(name: string): string
  readonly kind: 'local' | 's3'
}

export interface StoredFile {
  data: Buffer
  contentType: string
}

export interface S3Settings {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** Path-style addressing (`endpoint/bucket/key`), needed by most non-AWS stores and the test stand-in. */
  forcePathStyle: boolean
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

/** The AWS SDK is loaded on first use, so the folder backend never pays for it at start-up. */
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
