import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../../env.ts'
import { startS3StandIn, type S3StandIn } from './s3-stand-in.ts'
import { fileStorageFor, localFileStorage, s3FileStorage, type FileStorage } from './storage.ts'

/** The same behaviour from both backends (DESIGN §6): the folder and the S3 client against the S3 stand-in. */
let s3: S3StandIn
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-files-'))

beforeAll(async () => {
  s3 = await startS3StandIn({ bucket: 'storageops-test', accessKeyId: 'test-key' })
})
afterAll(async () => {
  await s3.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const backends: Array<[string, () => FileStorage]> = [
  ['folder', () => localFileStorage(dir)],
  [
    'S3',
    () =>
      s3FileStorage({
        bucket: 'storageops-test',
        region: 'us-east-1',
        endpoint: s3.url,
        accessKeyId: 'test-key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'files/',
      }),
  ],
]

describe.each(backends)('%s storage', (_name, make) => {
  it('stores, reads back with its content type, and removes a file', async () => {
    const files = make()
    await files.put('photo-1.jpg', Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]), 'image/jpeg')
    expect(await files.get('photo-1.jpg')).toEqual({
      data: Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]),
      contentType: 'image/jpeg',
    })
    expect(files.url('photo-1.jpg')).toBe('/img/photo-1.jpg')
    await files.remove(['photo-1.jpg', 'never-stored.jpg'])
    expect(await files.get('photo-1.jpg')).toBeNull()
  })

  it('refuses names that could leave the storage (paths, leading dots)', async () => {
    const files = make()
    await expect(files.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid file name/)
    await expect(files.put('.hidden', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid file name/)
    expect(await files.get('../etc/passwd')).toBeNull()
  })
})

describe('S3 client against the stand-in', () => {
  it('keeps objects under the prefix in the bucket and signs every request', async () => {
    const files = fileStorageFor(
      loadEnv({
        DATA_DIR: dir,
        S3_BUCKET: 'storageops-test',
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'p/',
      }),
    )
    expect(files.kind).toBe('s3')
    await files.put('map.svg', Buffer.from('<svg/>'), 'image/svg+xml')
    expect([...s3.objects.keys()]).toContain('p/map.svg')
    expect(s3.calls).toContain('PUT /storageops-test/p/map.svg')
  })

  it('surfaces a refusal from the store as an error', async () => {
    const files = s3FileStorage({
      bucket: 'storageops-test',
      region: 'us-east-1',
      endpoint: s3.url,
      accessKeyId: 'wrong-key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: '',
    })
    await expect(files.put('a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow()
  })

  it('is chosen only when S3_BUCKET is set', () => {
    expect(fileStorageFor(loadEnv({ DATA_DIR: dir })).kind).toBe('local')
  })
})
