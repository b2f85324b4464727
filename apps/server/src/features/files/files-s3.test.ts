import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DeletedFiles, FileList, UploadedFiles } from '@storageops/contracts/files'
import { startS3StandIn, type S3StandIn } from '../../integrations/files/s3-stand-in.ts'
import { s3FileStorage } from '../../integrations/files/storage.ts'
import { useTestContext } from '../../test/context.ts'
import { multipartForm, type FormFile } from '../../test/multipart-form.ts'

/** The media library on the S3-compatible storage (the stand-in over real HTTP): the same behaviour as the folder. */
let s3: S3StandIn
const ctx = useTestContext({
  files: async () => {
    s3 = await startS3StandIn({ bucket: 'storageops-media', accessKeyId: 'media-key' })
    return s3FileStorage({
      bucket: 'storageops-media',
      region: 'us-east-1',
      endpoint: s3.url,
      accessKeyId: 'media-key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'library/',
    })
  },
})
afterAll(() => s3?.close())

let admin: string
let photo: Buffer
beforeAll(async () => {
  admin = await ctx.signInAdmin()
  photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer()
}, 120_000)

async function upload(files: FormFile[], fields: Record<string, string> = {}) {
  const form = await multipartForm(fields, files)
  return ctx.request({
    method: 'POST',
    url: '/api/file/upload',
    host: 'admin.localhost',
    token: admin,
    headers: form.headers,
    payload: form.payload,
  })
}

const keysOf = (stem: string) => [...s3.objects.keys()].filter((key) => key.startsWith(`library/${stem}`)).sort()

describe('media library on S3-compatible storage', () => {
  test('an upload puts the image, its thumbnail and its web sizes in the bucket, and /img serves them', async () => {
    const response = await upload([{ field: 'upload_files_0', name: 'Truck Rental.jpg', data: photo }])
    expect(response.statusCode).toBe(201)
    expect(response.json<UploadedFiles>().files[0]).toMatchObject({
      name: 'truck-rental.jpg',
      thumbnail: '/img/truck-rental.jpg.thumb.jpg',
      variants: [
        { path: '/img/truck-rental.jpg.w480.webp', width: 480, height: 360 },
        { path: '/img/truck-rental.jpg.w960.webp', width: 960, height: 720 },
      ],
    })
    expect(keysOf('truck-rental')).toEqual([
      'library/truck-rental.jpg',
      'library/truck-rental.jpg.thumb.jpg',
      'library/truck-rental.jpg.w480.webp',
      'library/truck-rental.jpg.w960.webp',
    ])
    expect(s3.objects.get('library/truck-rental.jpg.w960.webp')?.contentType).toBe('image/webp')

    const served = await ctx.request({ method: 'GET', url: '/img/truck-rental.jpg', host: 'admin.localhost' })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1000)
    const missing = await ctx.request({ method: 'GET', url: '/img/never-uploaded.jpg', host: 'admin.localhost' })
    expect(missing.statusCode).toBe(404)
  })

  test('the list shows the file from the library table, as on the folder', async () => {
    const list = (await ctx.adminCall('GET', '/api/file?unused=true', admin)).json<FileList>()
    expect(list.files.find((file) => file.name === 'truck-rental.jpg')).toMatchObject({
      path: '/img/truck-rental.jpg',
      content_type: 'image/jpeg',
      width: 1000,
      height: 750,
      used_in: [],
    })
  })

  test('a refused file beside a good one leaves nothing in the bucket', async () => {
    const before = [...s3.objects.keys()].sort()
    const response = await upload([
      { field: 'upload_files_0', name: 'fine.jpg', data: photo },
      { field: 'upload_files_1', name: 'notes.jpg', data: 'plain text', type: 'image/jpeg' },
    ])
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ field: 'upload_files_1' })
    expect([...s3.objects.keys()].sort()).toEqual(before)
  })

  test('replacing a homepage image rewrites it in the bucket and removes the web sizes the new one lacks', async () => {
    const first = await upload([{ field: 'upload_file', name: 'hero.jpg', data: photo }], {
      fileName: 'homepage_hero_image.jpg',
    })
    expect(first.statusCode).toBe(201)
    expect(keysOf('homepage_hero_image')).toEqual([
      'library/homepage_hero_image.jpg',
      'library/homepage_hero_image.jpg.thumb.jpg',
      'library/homepage_hero_image.jpg.w480.webp',
      'library/homepage_hero_image.jpg.w960.webp',
    ])
    const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#f39c12' } })
      .jpeg()
      .toBuffer()
    const second = await upload([{ field: 'upload_file', name: 'hero.jpg', data: small }], {
      fileName: 'homepage_hero_image.jpg',
    })
    expect(second.statusCode).toBe(201)
    expect(keysOf('homepage_hero_image')).toEqual([
      'library/homepage_hero_image.jpg',
      'library/homepage_hero_image.jpg.thumb.jpg',
      'library/homepage_hero_image.jpg.w480.webp',
    ])
    expect((await sharp(s3.objects.get('library/homepage_hero_image.jpg')!.data).metadata()).width).toBe(600)
  })

  test('delete removes the file, its thumbnail and its web sizes from the bucket', async () => {
    const response = await ctx.adminCall('POST', '/api/file/delete', admin, { fileNames: ['truck-rental.jpg'] })
    expect(response.statusCode).toBe(200)
    expect(response.json<DeletedFiles>().deleted).toEqual(['truck-rental.jpg'])
    expect(keysOf('truck-rental')).toEqual([])
    expect(s3.calls).toContainEqual(expect.stringMatching(/^POST \/storageops-media\/?$/))
    const served = await ctx.request({ method: 'GET', url: '/img/truck-rental.jpg', host: 'admin.localhost' })
    expect(served.statusCode).toBe(404)
  })
})
