import fs from 'node:fs'
import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  FILES_PAGE_SIZE,
  type DeletedFiles,
  type FileList,
  type FilesInUse,
  type MediaFile,
  type UploadedFiles,
} from '@storageops/contracts/files'
import { auditLog, blogs, locationContents, mediaFiles, roles, users } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { idsInOrder, listPages } from '../../test/list-pages.ts'
import { multipartForm, type FormFile } from '../../test/multipart-form.ts'
import { statementsDuring } from '../../test/query-count.ts'

const ctx = useTestContext()
let admin: string
let cs: string
let librarian: string
let jpeg: Buffer
let png: Buffer

beforeAll(async () => {
  admin = await ctx.signInAdmin()
  cs = await ctx.signInAdmin('cs@example.com')
  const [role] = await ctx.db
    .insert(roles)
    .values({ name: 'Media Librarian', superadmin: false, allowed_pages: ['/file-management'], is_CS_role: false })
    .returning()
  await ctx.db.insert(users).values({
    email: 'media@example.com',
    password_hash: await hash('media-demo'),
    firstName: 'Mia',
    lastName: 'Librarian',
    role_id: role!.id,
  })
  librarian = await ctx.signInAdmin('media@example.com', 'media-demo')
  jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer()
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer()
}, 120_000)

async function upload(files: FormFile[], token = admin, fields: Record<string, string> = {}) {
  const form = await multipartForm(fields, files)
  return ctx.request({
    method: 'POST',
    url: '/api/file/upload',
    host: 'admin.localhost',
    token,
    headers: form.headers,
    payload: form.payload,
  })
}

const storedNames = () => fs.readdirSync(ctx.filesDir).sort()
const libraryNames = async () =>
  (await ctx.db.select({ name: mediaFiles.name }).from(mediaFiles)).map((row) => row.name)

describe('upload', () => {
  test('several images at once are stored under their own names with a 120×80 thumbnail, and the server says what it did', async () => {
    const response = await upload([
      { field: 'upload_files_0', name: 'Spring Sale Banner.JPG', data: jpeg, type: 'image/jpeg' },
      { field: 'upload_files_1', name: 'logo.png', data: png, type: 'image/png' },
    ])
    expect(response.statusCode).toBe(201)
    const body = response.json<UploadedFiles>()
    expect(body.message).toBe('Uploaded 2 files: spring-sale-banner.jpg, logo.png.')
    expect(body.files.map((file) => [file.name, file.content_type, file.width, file.height])).toEqual([
      ['spring-sale-banner.jpg', 'image/jpeg', 300, 200],
      ['logo.png', 'image/png', 64, 48],
    ])
    const served = await ctx.request({ method: 'GET', url: '/img/spring-sale-banner.jpg', host: 'admin.localhost' })
    expect(served.statusCode).toBe(200)
    const thumbnail = await sharp(path.join(ctx.filesDir, 'spring-sale-banner.jpg.thumb.jpg')).metadata()
    expect(thumbnail.width / thumbnail.height).toBe(120 / 80)
    expect(body.files[0]!.thumbnail).toBe('/img/spring-sale-banner.jpg.thumb.jpg')
    expect(body.files[0]!.uploaded_by).toBe('Alex Morgan')
  })

  test('a wide photo gets web sizes narrower than itself (WebP, upright, served), listed narrowest first', async () => {
    const wide = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8e44ad' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const response = await upload([{ field: 'upload_files_0', name: 'Yard.jpg', data: wide, type: 'image/jpeg' }])
    expect(response.statusCode).toBe(201)
    const [file] = response.json<UploadedFiles>().files
    // Turned upright: 900 wide, so 480 and 960 are narrower than the original; 1600 is not made.
    expect([file!.width, file!.height]).toEqual([900, 1200])
    expect(file!.variants).toEqual([{ path: '/img/yard.jpg.w480.webp', width: 480, height: 640 }])
    const stored = await sharp(path.join(ctx.filesDir, 'yard.jpg.w480.webp')).metadata()
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 480, 640])
    const served = await ctx.request({ method: 'GET', url: '/img/yard.jpg.w480.webp', host: 'admin.localhost' })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    const listed = (await ctx.adminCall('GET', '/api/file', admin)).json<FileList>()
    expect(listed.files.find((entry) => entry.name === 'yard.jpg')?.variants).toEqual(file!.variants)
  })

  test('a small image has no web sizes: the original is small enough', async () => {
    const response = await upload([{ field: 'upload_files_0', name: 'tiny.png', data: png, type: 'image/png' }])
    expect(response.json<UploadedFiles>().files[0]!.variants).toEqual([])
    expect(storedNames().filter((name) => name.startsWith('tiny.png'))).toEqual(['tiny.png', 'tiny.png.thumb.jpg'])
  })

  test('a name already taken gets a number instead of replacing the file', async () => {
    const before = fs.readFileSync(path.join(ctx.filesDir, 'logo.png'))
    const response = await upload([{ field: 'upload_files_0', name: 'logo.jpg', data: jpeg, type: 'image/jpeg' }])
    expect(response.statusCode).toBe(201)
    // The JPEG is named by its content: logo.jpg is free (the PNG is logo.png), a second one becomes logo-1.jpg.
    expect(response.json<UploadedFiles>().files[0]!.name).toBe('logo.jpg')
    const again = await upload([{ field: 'upload_files_0', name: 'logo.jpg', data: png, type: 'image/jpeg' }])
    expect(again.json<UploadedFiles>().files[0]!.name).toBe('logo-1.png')
    const third = await upload([{ field: 'upload_files_0', name: 'logo.jpg', data: jpeg, type: 'image/jpeg' }])
    expect(third.json<UploadedFiles>().files[0]!.name).toBe('logo-1.jpg')
    expect(fs.readFileSync(path.join(ctx.filesDir, 'logo.png'))).toEqual(before)
  })

  test('a text file named .jpg is refused by its content (415) and leaves nothing behind, even beside a good file', async () => {
    const files = storedNames()
    const rows = await libraryNames()
    const response = await upload([
      { field: 'upload_files_0', name: 'good.jpg', data: jpeg, type: 'image/jpeg' },
      { field: 'upload_files_1', name: 'notes.jpg', data: 'just some text\n', type: 'image/jpeg' },
    ])
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({
      field: 'upload_files_1',
      message: 'notes.jpg is not a JPEG, PNG or WebP image. Other files, SVG drawings included, are refused.',
    })
    expect(storedNames()).toEqual(files)
    expect(await libraryNames()).toEqual(rows)
  })

  test('an SVG drawing is refused (415), whatever its name', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    for (const name of ['drawing.svg', 'drawing.png']) {
      const response = await upload([{ field: 'upload_files_0', name, data: svg, type: 'image/svg+xml' }])
      expect(response.statusCode).toBe(415)
    }
    expect(storedNames().some((name) => name.startsWith('drawing'))).toBe(false)
  })

  test('a file that only looks like an image by its first bytes is refused (415) when it does not decode', async () => {
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(2000, 7)])
    const response = await upload([{ field: 'upload_files_0', name: 'broken.jpg', data: broken, type: 'image/jpeg' }])
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({
      field: 'upload_files_0',
      message: 'broken.jpg could not be read as an image.',
    })
    expect(storedNames().some((name) => name.startsWith('broken'))).toBe(false)
  })

  test('a path in the file name never leaves the library folder', async () => {
    const response = await upload([
      { field: 'upload_files_0', name: '../../../etc/evil.png', data: png, type: 'image/png' },
      { field: 'upload_files_1', name: '..\\..\\windows\\.hidden.png', data: png, type: 'image/png' },
    ])
    expect(response.statusCode).toBe(201)
    expect(response.json<UploadedFiles>().files.map((file) => file.name)).toEqual(['evil.png', 'hidden.png'])
    expect(fs.existsSync(path.join(ctx.filesDir, 'evil.png'))).toBe(true)
    expect(fs.existsSync(path.join(ctx.filesDir, '..', 'evil.png'))).toBe(false)
  })

  test('a file over 20 MB is refused with 413 and the limit in the message', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)])
    const response = await upload([{ field: 'upload_files_0', name: 'huge.jpg', data: big, type: 'image/jpeg' }])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ message: 'Each file may be at most 20 MB.', field: 'upload_files_0' })
    expect(storedNames().some((name) => name.startsWith('huge'))).toBe(false)
  })

  test('EXIF orientation is applied and GPS position is dropped', async () => {
    const tagged = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#27ae60' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await sharp(tagged).metadata()).exif).toBeDefined()
    const response = await upload([
      { field: 'upload_files_0', name: 'phone-photo.jpg', data: tagged, type: 'image/jpeg' },
    ])
    const [file] = response.json<UploadedFiles>().files
    expect([file!.width, file!.height]).toEqual([100, 200])
    const stored = await sharp(path.join(ctx.filesDir, file!.name)).metadata()
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
  })

  test('a JSON body is refused (415) and a role without /file-management cannot upload (403)', async () => {
    const json = await ctx.adminCall('POST', '/api/file/upload', admin, { fileNames: [] })
    expect(json.statusCode).toBe(415)
    expect((await upload([{ field: 'upload_files_0', name: 'x.jpg', data: jpeg }], cs)).statusCode).toBe(403)
  })
})

describe('homepage images', () => {
  test('a JPEG replaces homepage_hero_image.jpg under its fixed name', async () => {
    const response = await upload(
      [{ field: 'upload_file', name: 'beach.jpeg', data: jpeg, type: 'image/jpeg' }],
      admin,
      {
        fileName: 'homepage_hero_image.jpg',
      },
    )
    expect(response.statusCode).toBe(201)
    expect(response.json<UploadedFiles>()).toMatchObject({
      message: 'Uploaded homepage_hero_image.jpg.',
      files: [{ name: 'homepage_hero_image.jpg', width: 300, height: 200 }],
    })
    expect((await sharp(path.join(ctx.filesDir, 'homepage_hero_image.jpg')).metadata()).width).toBe(300)
  })

  test('replacing a homepage image redraws its thumbnail and web sizes and removes sizes the new one lacks', async () => {
    const heroSizes = () => storedNames().filter((name) => name.startsWith('homepage_hero_image.jpg.'))
    const replace = (data: Buffer) =>
      upload([{ field: 'upload_file', name: 'hero.jpg', data, type: 'image/jpeg' }], admin, {
        fileName: 'homepage_hero_image.jpg',
      })
    const wide = await sharp({ create: { width: 1800, height: 600, channels: 3, background: '#16a085' } })
      .jpeg()
      .toBuffer()
    const first = await replace(wide)
    expect(first.json<UploadedFiles>().files[0]!.variants.map((variant) => variant.width)).toEqual([480, 960, 1600])
    expect(heroSizes()).toEqual([
      'homepage_hero_image.jpg.thumb.jpg',
      'homepage_hero_image.jpg.w1600.webp',
      'homepage_hero_image.jpg.w480.webp',
      'homepage_hero_image.jpg.w960.webp',
    ])
    const thumbnailBefore = fs.readFileSync(path.join(ctx.filesDir, 'homepage_hero_image.jpg.thumb.jpg'))

    const narrower = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#d35400' } })
      .jpeg()
      .toBuffer()
    const second = await replace(narrower)
    expect(second.statusCode).toBe(201)
    expect(second.json<UploadedFiles>().files[0]!.variants).toEqual([
      { path: '/img/homepage_hero_image.jpg.w480.webp', width: 480, height: 343 },
    ])
    expect(heroSizes()).toEqual(['homepage_hero_image.jpg.thumb.jpg', 'homepage_hero_image.jpg.w480.webp'])
    expect(fs.readFileSync(path.join(ctx.filesDir, 'homepage_hero_image.jpg.thumb.jpg'))).not.toEqual(thumbnailBefore)
    const [row] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.name, 'homepage_hero_image.jpg'))
    expect(row?.variants.map((variant) => variant.name)).toEqual(['homepage_hero_image.jpg.w480.webp'])
  })

  test('a PNG renamed .jpg is refused for the homepage by its content (415)', async () => {
    const before = fs.readFileSync(path.join(ctx.filesDir, 'homepage_kiosk_image.jpg'))
    const response = await upload([{ field: 'upload_file', name: 'kiosk.jpg', data: png, type: 'image/jpeg' }], admin, {
      fileName: 'homepage_kiosk_image.jpg',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ message: 'Only JPEG images are accepted for the homepage.' })
    expect(fs.readFileSync(path.join(ctx.filesDir, 'homepage_kiosk_image.jpg'))).toEqual(before)
  })

  test('only the two fixed names, and only a superadmin', async () => {
    const other = await upload([{ field: 'upload_file', name: 'x.jpg', data: jpeg }], admin, { fileName: 'index.html' })
    expect(other.statusCode).toBe(400)
    expect(other.json()).toMatchObject({ field: 'fileName' })
    const librarianTry = await upload([{ field: 'upload_file', name: 'x.jpg', data: jpeg }], librarian, {
      fileName: 'homepage_hero_image.jpg',
    })
    expect(librarianTry.statusCode).toBe(403)
  })

  test('a new upload never takes a homepage name', async () => {
    const response = await upload([{ field: 'upload_files_0', name: 'homepage_hero_image.jpg', data: jpeg }])
    expect(response.json<UploadedFiles>().files[0]!.name).toBe('homepage_hero_image-1.jpg')
  })
})

describe('list and delete', () => {
  test('the list shows every file with where it is used; unused=true leaves used ones out', async () => {
    const list = (await ctx.adminCall('GET', '/api/file', librarian)).json<FileList>()
    const blog = list.files.find((file) => file.name === 'blog-1.jpg')
    expect(blog?.used_in).toEqual([
      expect.objectContaining({ kind: 'Blog', link: expect.stringMatching(/^\/blogs\/\d+$/) }),
    ])
    expect(list.files.find((file) => file.name === 'facility-front-morning.jpg')?.path).toBe(
      '/img/facility-front-morning.jpg',
    )
    expect(list.count).toBe(list.files.length)
    const unused = (await ctx.adminCall('GET', '/api/file?unused=true', librarian)).json<FileList>()
    expect(unused.files.some((file) => file.name === 'blog-1.jpg')).toBe(false)
    expect(unused.files.some((file) => file.name === 'evil.png')).toBe(true)
  })

  test('a role without /file-management may not list or delete (403), whatever the screen shows', async () => {
    expect((await ctx.adminCall('GET', '/api/file', cs)).statusCode).toBe(403)
    const response = await ctx.adminCall('POST', '/api/file/delete', cs, { fileNames: ['evil.png'] })
    expect(response.statusCode).toBe(403)
    expect(fs.existsSync(path.join(ctx.filesDir, 'evil.png'))).toBe(true)
  })

  test('a role allowed /file-management deletes several files with their thumbnails', async () => {
    const response = await ctx.adminCall('POST', '/api/file/delete', librarian, {
      fileNames: ['evil.png', 'hidden.png'],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<DeletedFiles>()).toEqual({ message: 'Deleted 2 files.', deleted: ['evil.png', 'hidden.png'] })
    expect(storedNames().filter((name) => /^(evil|hidden)\./.test(name))).toEqual([])
    const yard = await ctx.adminCall('POST', '/api/file/delete', librarian, { fileNames: ['yard.jpg'] })
    expect(yard.statusCode).toBe(200)
    expect(storedNames().filter((name) => name.startsWith('yard.'))).toEqual([])
    expect(await libraryNames()).not.toContain('evil.png')
  })

  test('a file in use is 409 with the places, nothing is deleted, and force deletes it (audited)', async () => {
    const response = await ctx.adminCall('POST', '/api/file/delete', admin, { fileNames: ['blog-1.jpg', 'logo.png'] })
    expect(response.statusCode).toBe(409)
    const body = response.json<FilesInUse>()
    expect(body.in_use).toEqual([{ name: 'blog-1.jpg', used_in: [expect.objectContaining({ kind: 'Blog' })] }])
    expect(body.message).toMatch(/^blog-1\.jpg is still used by content: Blog /)
    expect(fs.existsSync(path.join(ctx.filesDir, 'logo.png'))).toBe(true)

    const forced = await ctx.adminCall('POST', '/api/file/delete', admin, { fileNames: ['blog-1.jpg'], force: true })
    expect(forced.statusCode).toBe(200)
    expect(fs.existsSync(path.join(ctx.filesDir, 'blog-1.jpg'))).toBe(false)
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'file'), eq(auditLog.action, 'force-delete')))
    expect(JSON.stringify(entry?.before)).toContain('Blog')
  })

  test('names with a path, unknown names and an empty list are refused naming fileNames', async () => {
    for (const fileNames of [['../../etc/passwd'], ['.env'], ['no-such-file.jpg'], []]) {
      const response = await ctx.adminCall('POST', '/api/file/delete', admin, { fileNames })
      expect([400, 404]).toContain(response.statusCode)
      expect(response.json()).toMatchObject({ field: expect.stringMatching(/^fileNames/) })
    }
  })
})

describe('the list and the usage map from memory while exact (migration 0024)', () => {
  const listed = async () => (await ctx.adminCall('GET', '/api/file', admin)).json<FileList>()
  const usesOf = async (name: string) =>
    (await listed()).files.find((file) => file.name === name)?.used_in.map((place) => `${place.kind}: ${place.label}`)

  test('an unchanged library answers 304 to its ETag; any change answers the new list', async () => {
    const first = await ctx.adminCall('GET', '/api/file', admin)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"/)
    const again = await ctx.request({
      method: 'GET',
      url: '/api/file',
      host: 'admin.localhost',
      token: admin,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    await upload([{ field: 'upload_files_0', name: 'cached-a.png', data: png, type: 'image/png' }])
    const after = await ctx.adminCall('GET', '/api/file', admin)
    expect(after.headers.etag).not.toBe(etag)
    expect(after.json<FileList>().files[0]!.name).toBe('cached-a.png')
  })

  test('content written in SQL, by no API, shows in the list and stops a delete at once', async () => {
    expect(await usesOf('cached-a.png')).toEqual([])
    await ctx.db.insert(blogs).values({ title: 'Cache test blog', body: 'Before ![a](/img/cached-a.png) after' })
    expect(await usesOf('cached-a.png')).toEqual(['Blog: Cache test blog'])
    const refused = await ctx.adminCall('POST', '/api/file/delete', admin, { fileNames: ['cached-a.png'] })
    expect(refused.statusCode).toBe(409)

    await ctx.db.update(blogs).set({ body: 'No image now' }).where(eq(blogs.title, 'Cache test blog'))
    const [location] = await ctx.db.select().from(locationContents).limit(1)
    await ctx.db
      .update(locationContents)
      .set({ photos: [...location!.photos, '/img/cached-a.png'] })
      .where(eq(locationContents.location_code, location!.location_code))
    expect(await usesOf('cached-a.png')).toEqual([`Location: ${location!.location_code}`])
    await ctx.db
      .update(locationContents)
      .set({ photos: location!.photos })
      .where(eq(locationContents.location_code, location!.location_code))
    expect(await usesOf('cached-a.png')).toEqual([])
    const unused = (await ctx.adminCall('GET', '/api/file?unused=true', admin)).json<FileList>()
    expect(unused.files.map((file) => file.name)).toContain('cached-a.png')
  })

  test('the usage map is kept by the in-memory counter: computing the list asks the database for no counter', async () => {
    await ctx.db.execute(sql`update media_files set byte_size = byte_size where name = 'cached-a.png'`)
    await ctx.app.readVersions.caughtUp()
    const headers = { host: 'admin.localhost', authorization: `Bearer ${admin}` }
    const statements = await statementsDuring(ctx.db, () =>
      ctx.app.inject({ method: 'GET', url: '/api/file', headers }),
    )
    expect(statements.some((statement) => /from "media_files"/.test(statement))).toBe(true)
    expect(statements.filter((statement) => /read_versions/.test(statement))).toEqual([])
  })

  test("a file row changed in SQL and an uploader's new name show on the next read", async () => {
    await ctx.db.execute(sql`update media_files set byte_size = 12345 where name = 'cached-a.png'`)
    expect((await listed()).files.find((file) => file.name === 'cached-a.png')?.byte_size).toBe(12345)
    await ctx.db.update(users).set({ firstName: 'Alexandra' }).where(eq(users.email, 'admin@example.com'))
    expect((await listed()).files.find((file) => file.name === 'cached-a.png')?.uploaded_by).toBe('Alexandra Morgan')
    await ctx.db.update(users).set({ firstName: 'Alex' }).where(eq(users.email, 'admin@example.com'))
    await ctx.db.delete(mediaFiles).where(eq(mediaFiles.name, 'cached-a.png'))
    expect((await listed()).files.some((file) => file.name === 'cached-a.png')).toBe(false)
  })
})

describe('the list paged (DESIGN §13)', () => {
  const { page, allPages, refused } = listPages<MediaFile>(
    ctx,
    '/api/file',
    () => librarian,
    (file) => file.name,
  )
  const namesInOrder = (orderBy: SQL) => idsInOrder(ctx, mediaFiles, mediaFiles.name, orderBy)

  test('without list parameters the answer is { files, count } as before; with any, pages of it and the count', async () => {
    const whole = (await ctx.adminCall('GET', '/api/file', librarian)).json<FileList>()
    expect(Object.keys(whole).sort()).toEqual(['count', 'files'])
    expect(whole.files.map((file) => file.name)).toEqual(await namesInOrder(sql`"createdAt" desc, name asc`))
    expect(await page('limit=5&offset=3')).toEqual({ rows: whole.files.slice(3, 8), count: whole.count })
    expect((await page('offset=0')).rows).toEqual(whole.files.slice(0, FILES_PAGE_SIZE))
  })

  test('sorted by path or size in either direction, every file once, ties broken by the name', async () => {
    const byName = await allPages('sort=name', 4)
    expect(byName.ids).toEqual(await namesInOrder(sql`name asc`))
    expect((await allPages('sort=name&order=desc', 6)).ids).toEqual([...byName.ids].reverse())
    await ctx.db.execute(sql`update media_files set byte_size = 1000 where name in ('blog-1.jpg', 'review-1.jpg')`)
    const bySize = await allPages('sort=byte_size', 5)
    expect(bySize.ids).toEqual(await namesInOrder(sql`byte_size asc, name asc`))
    expect((await allPages('sort=byte_size&order=desc', 7)).ids).toEqual([...bySize.ids].reverse())
  })

  test('q finds the name in any case; with unused=true only files no content uses, each with its count', async () => {
    const found = await page('q=REVIEW-&limit=100')
    expect(found.rows.length).toBeGreaterThan(0)
    expect(found.count).toBe(found.rows.length)
    for (const file of found.rows) expect(file.name).toContain('review-')
    const foundUnused = found.rows.filter((file) => file.used_in.length === 0)
    expect(await page('q=review-&unused=true&limit=100')).toEqual({ rows: foundUnused, count: foundUnused.length })

    const unused = (await ctx.adminCall('GET', '/api/file?unused=true', librarian)).json<FileList>()
    expect(await page('unused=true&limit=100')).toEqual({ rows: unused.files, count: unused.count })
    expect(await page('q=%25_nothing')).toEqual({ rows: [], count: 0 })
  })

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-2', 'offset'],
    ['sort=createdAt', 'sort'],
    ['order=down', 'order'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['unused=yes&limit=5', 'unused'],
  ])('%s is refused with 400 naming %s', async (params, field) => {
    await refused(params, field)
  })

  test('a role without /file-management may not read a page', async () => {
    expect((await ctx.adminCall('GET', '/api/file?limit=5', cs)).statusCode).toBe(403)
  })
})
