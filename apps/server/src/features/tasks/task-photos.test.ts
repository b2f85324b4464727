import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { auditLog, tasks } from '../../db/schema.ts'
import { multipartForm } from '../../test/multipart-form.ts'
import { useTestContext } from '../../test/context.ts'
import { createFreshKeys } from './task-test-data.ts'

const MAX_BYTES = 300_000
const ctx = useTestContext({ env: { TASK_PHOTO_MAX_BYTES: String(MAX_BYTES) } })
let token: string
let keys: ReturnType<typeof createFreshKeys>

beforeAll(async () => {
  token = await ctx.signInField('pmanager')
  keys = createFreshKeys(ctx.db)
})

type FilePart = { name: string; data: Buffer; type?: string }

const postMultipart = async (fields: Record<string, string | number>, files: FilePart[]) =>
  ctx.request({
    method: 'POST',
    url: '/api/tasks',
    token,
    ...(await multipartForm(
      fields,
      files.map((file) => ({ ...file, field: 'images' })),
    )),
  })

const png = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a77c7' } })
    .png()
    .toBuffer()
const jpeg = () =>
  sharp({ create: { width: 640, height: 1000, channels: 3, background: '#c9a66b' } })
    .jpeg()
    .toBuffer()
// The first bytes of a HEIC file: an ISO-BMFF ftyp box with the heic brand.
const heic = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic'),
    Buffer.alloc(64),
  ])

describe('task photos', () => {
  test('a multipart create stores JPEG and PNG photos with thumbnails served under /img/', async () => {
    const key = await keys.property()
    const response = await postMultipart({ ...key, prior: 'urgent', description: 'Photos attached' }, [
      { name: 'door.png', data: await png(), type: 'image/png' },
      // The declared type is ignored: content decides.
      { name: 'light.dat', data: await jpeg(), type: 'text/plain' },
    ])
    expect(response.statusCode).toBe(201)
    const task = response.json()
    expect(task).toMatchObject({ prior: 'urgent', description: 'Photos attached' })
    expect(task.images).toHaveLength(2)
    expect(task.images[0]).toMatch(/^\/img\/task-[0-9a-f-]+\.png$/)
    expect(task.images[1]).toMatch(/^\/img\/task-[0-9a-f-]+\.jpg$/)
    for (const url of [...task.images, ...task.thumbnails])
      expect(fs.existsSync(path.join(ctx.filesDir, url.replace('/img/', '')))).toBe(true)
    const thumbnail = await ctx.request({ method: 'GET', url: task.thumbnails[0], token })
    expect(thumbnail.statusCode).toBe(200)
    const meta = await sharp(thumbnail.rawPayload).metadata()
    expect(meta.format).toBe('jpeg')
    expect(Math.max(meta.width, meta.height)).toBe(480)
    // The facility's task list shows the same photos.
    const list = await ctx.request({
      method: 'GET',
      url: `/api/tasks?page=1&page_size=10&closed=false&location_code=${key.site_code}&type=property`,
      token,
    })
    const listed = list.json().entries.find((entry: { id: number }) => entry.id === task.id)
    expect(listed).toMatchObject({ images: task.images, thumbnails: task.thumbnails })
    // The audit row of the create names the stored photos.
    const [audit] = await ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'task.create'), eq(auditLog.entity_id, String(task.id))))
    expect(audit!.after).toMatchObject({
      images: task.images.map((url: string) => url.replace('/img/', '')),
    })
  })

  test('a HEIC photo that cannot be decoded is refused with 415 asking for JPEG; no task is made', async () => {
    const before = await ctx.db.$count(tasks)
    const response = await postMultipart({ ...(await keys.property()), description: 'From an iPhone' }, [
      { name: 'IMG_0001.HEIC', data: heic() },
    ])
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ field: 'images', message: expect.stringContaining('Send it as JPEG') })
    expect(await ctx.db.$count(tasks)).toBe(before)
  })

  test('a file that is not a JPEG, PNG or HEIC photo is refused with 415 and no task is made', async () => {
    const key = await keys.property()
    const response = await postMultipart({ ...key, description: 'Not a photo' }, [
      { name: 'notes.jpg', data: Buffer.from('just some text pretending'), type: 'image/jpeg' },
    ])
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ error: 'unsupported_media_type', field: 'images' })
    expect(await ctx.db.select().from(tasks).where(eq(tasks.description, 'Not a photo'))).toHaveLength(0)
  })

  test('a photo over the size limit is refused with 413', async () => {
    const noise = Buffer.alloc(500 * 500 * 3)
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919) % 251
    const big = await sharp(noise, { raw: { width: 500, height: 500, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(big.length).toBeGreaterThan(MAX_BYTES)
    const response = await postMultipart({ ...(await keys.property()), description: 'Too big' }, [
      { name: 'big.png', data: big },
    ])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: 'payload_too_large', field: 'images' })
  })

  test('multipart fields are validated like JSON and a duplicate leaves no files behind', async () => {
    const key = await keys.property()
    const missing = await postMultipart({ site_code: key.site_code, task_type_id: key.task_type_id }, [])
    expect(missing.statusCode).toBe(400)
    expect(missing.json().field).toBe('description')
    await postMultipart({ ...key, description: 'first' }, [])
    const before = fs.readdirSync(ctx.filesDir).length
    const duplicate = await postMultipart({ ...key, description: 'second' }, [{ name: 'a.png', data: await png() }])
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().duplicate_open_task_id).toEqual(expect.any(Number))
    expect(fs.readdirSync(ctx.filesDir).length).toBe(before)
  })
})
