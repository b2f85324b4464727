import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import type { LocationContent, UploadedContentPhoto } from '@storageops/contracts/location-content'
import { auditLog, locationContents } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let editor: string
let png: Buffer
beforeAll(async () => {
  editor = await ctx.signInAdmin('editor@example.com')
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer()
}, 120_000)

const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, token = editor) =>
  ctx.adminCall(method, url, token, payload)

function upload(locationCode: string, data: Buffer, filename = 'front.png', field = 'file') {
  const boundary = '----storageops-test'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return ctx.request({
    method: 'POST',
    url: `/api/location_contents/${locationCode}/photos`,
    host: 'admin.localhost',
    token: editor,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  })
}

const content = (overrides: Record<string, unknown> = {}) => ({
  title: 'Self Storage in Austin',
  meta_title: 'Austin Self Storage | Harbor Point',
  meta_description: 'Clean units.',
  keywords: ['austin', 'storage'],
  body1: '# Welcome\n\n| Size | Price |\n|---|---|\n| 5x5 | $40 |',
  body2: '~~old~~ new',
  facility_image: '  front.jpg  ',
  facility_image_alt: 'Front gate',
  access_hours: '6 AM - 10 PM',
  customer_service_hours: '9 AM - 6 PM',
  website_move_in_completion_screen: true,
  kiosk_move_in_completion_screen: null,
  unit_size_high_to_low: true,
  unit_group_large_to_small: false,
  recommended_unit: true,
  unit_groups_expanded: false,
  fee_for_24hr_access: true,
  photos: [],
  photo_texts: [],
  ...overrides,
})

describe('location CMS content', () => {
  test("a location without saved content reads as blank; an unknown code is 404 'Location code is not valid.'", async () => {
    await ctx.db.delete(locationContents).where(eq(locationContents.location_code, 'TX101'))
    const blank = await call('GET', '/api/location_contents/TX101')
    expect(blank.statusCode).toBe(200)
    expect(blank.json()).toEqual({
      location_code: 'TX101',
      title: '',
      meta_title: '',
      meta_description: '',
      keywords: [],
      body1: '',
      body2: '',
      facility_image: '',
      facility_image_alt: '',
      access_hours: '',
      customer_service_hours: '',
      website_move_in_completion_screen: false,
      kiosk_move_in_completion_screen: false,
      unit_size_high_to_low: false,
      unit_group_large_to_small: false,
      recommended_unit: false,
      unit_groups_expanded: false,
      fee_for_24hr_access: false,
      photos: [],
      photo_texts: [],
      updatedAt: null,
    })
    const notValid = { error: 'not_found', message: 'Location code is not valid.', field: 'location_code' }
    const unknown = await call('GET', '/api/location_contents/ZZ999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual(notValid)
    const saveUnknown = await call('PUT', '/api/location_contents/ZZ999', content())
    expect(saveUnknown.statusCode).toBe(404)
    expect(saveUnknown.json()).toEqual(notValid)
    const uploadUnknown = await upload('ZZ999', png)
    expect(uploadUnknown.statusCode).toBe(404)
    expect(uploadUnknown.json()).toEqual(notValid)
  })

  test('saving stores every field, trims the facility image location, turns null into false, and is audited', async () => {
    const started = Date.now()
    const saved = await call('PUT', '/api/location_contents/TX101', content())
    expect(saved.statusCode, saved.body).toBe(200)
    const expected = {
      ...content(),
      location_code: 'TX101',
      facility_image: 'front.jpg',
      kiosk_move_in_completion_screen: false,
      updatedAt: expect.any(String),
    }
    expect(saved.json()).toEqual(expected)
    const updatedAt = new Date(saved.json<LocationContent>().updatedAt!)
    expect(updatedAt.toISOString()).toBe(saved.json<LocationContent>().updatedAt)
    expect(updatedAt.getTime()).toBeGreaterThanOrEqual(started - 1000)
    expect((await call('GET', '/api/location_contents/TX101')).json()).toEqual(saved.json())
    // The first save's audit row has no before; the second keeps the first as before.
    const again = await call('PUT', '/api/location_contents/TX101', content({ title: 'Storage in Austin, TX' }))
    expect(again.statusCode, again.body).toBe(200)
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'location_content'))
      .orderBy(auditLog.id)
    expect(entries.map(({ action, entity_id, actor_name }) => ({ action, entity_id, actor_name }))).toEqual([
      { action: 'update', entity_id: 'TX101', actor_name: 'editor@example.com' },
      { action: 'update', entity_id: 'TX101', actor_name: 'editor@example.com' },
    ])
    expect(entries.map(({ before, after }) => [before, after])).toEqual([
      [null, saved.json()],
      [saved.json(), again.json()],
    ])
    expect(again.json()).toMatchObject({ title: 'Storage in Austin, TX' })
  })

  test('photos are uploaded (JPEG or PNG by content) and saved with their photo_texts', async () => {
    const uploaded = await upload('TX101', png)
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const photo = uploaded.json<UploadedContentPhoto>()
    expect(photo.name).toMatch(/^content-tx101-.+\.png$/)
    expect(photo.url).toBe(`/img/${photo.name}`)
    expect((await ctx.app.files.get(photo.name))?.contentType).toBe('image/png')
    const saved = await call(
      'PUT',
      '/api/location_contents/TX101',
      content({ photos: [photo.name], photo_texts: ['The front gate'] }),
    )
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ photos: [photo.name], photo_texts: ['The front gate'] })
  })

  test('a photo taken out of the content is deleted from storage with its thumbnail once saved', async () => {
    const kept = (await upload('TX101', png)).json<UploadedContentPhoto>()
    const dropped = (await upload('TX101', png)).json<UploadedContentPhoto>()
    const thumbnail = dropped.name.replace(/\.png$/, '-thumb.jpg')
    expect(await ctx.app.files.get(thumbnail)).not.toBeNull()
    expect(
      (
        await call(
          'PUT',
          '/api/location_contents/TX101',
          content({ photos: [kept.name, dropped.name], photo_texts: ['Gate', 'Office'] }),
        )
      ).statusCode,
    ).toBe(200)
    const saved = await call(
      'PUT',
      '/api/location_contents/TX101',
      content({ photos: [kept.name], photo_texts: ['Gate'] }),
    )
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await ctx.app.files.get(dropped.name)).toBeNull()
    expect(await ctx.app.files.get(thumbnail)).toBeNull()
    expect(await ctx.app.files.get(kept.name)).not.toBeNull()
  })

  test('only photos new to the content must be in storage: one saved before and lost since does not block a save', async () => {
    const photo = (await upload('TX101', png)).json<UploadedContentPhoto>()
    const withPhoto = content({ photos: [photo.name], photo_texts: ['Office'] })
    expect((await call('PUT', '/api/location_contents/TX101', withPhoto)).statusCode).toBe(200)
    await ctx.app.files.remove([photo.name])
    const saved = await call('PUT', '/api/location_contents/TX101', { ...withPhoto, title: 'Renamed' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ title: 'Renamed', photos: [photo.name], photo_texts: ['Office'] })
  })

  test('a HEIC photo is refused by its bytes with 415 asking for JPEG or PNG, whether or not it can be decoded', async () => {
    // An AV1-coded HEIF (decodable here) marked with the heic brand, as a phone's HEIC is recognised by its bytes.
    const decodable = await sharp(png).heif({ compression: 'av1' }).toBuffer()
    decodable.write('heic', 8, 'latin1')
    // The first bytes of an iPhone HEIC (HEVC, which cannot be decoded here).
    const undecodable = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ])
    for (const [name, data] of [
      ['IMG_0001.HEIC', decodable],
      ['IMG_0002.HEIC', undecodable],
    ] as const) {
      const refused = await upload('TX101', data, name)
      expect(refused.statusCode, name).toBe(415)
      expect(refused.json()).toEqual({
        error: 'unsupported_media_type',
        message: `${name} is not a JPEG or PNG photo; website photos must be JPEG or PNG.`,
        field: 'file',
      })
    }
  })

  test('a file that is not an image is refused with 415; no file is 400', async () => {
    const text = await upload('TX101', Buffer.from('hello, not a picture'), 'notes.png')
    expect(text.statusCode).toBe(415)
    expect((await upload('TX101', png, 'front.png', 'other')).statusCode).toBe(400)
    expect((await upload('ZZ999', png)).statusCode).toBe(404)
  })

  test('photo_texts must pair with photos, and photos must be uploads of this location; nothing changes otherwise', async () => {
    const before = (await call('GET', '/api/location_contents/TX101')).json<LocationContent>()
    const photo = (await upload('TX101', png)).json<UploadedContentPhoto>()
    const unpaired = await call(
      'PUT',
      '/api/location_contents/TX101',
      content({ title: 'changed', photos: [photo.name], photo_texts: [] }),
    )
    expect(unpaired.statusCode).toBe(400)
    expect(unpaired.json()).toEqual({
      error: 'invalid_input',
      message: 'Each photo needs its own photo text (photo_texts pairs with photos).',
      field: 'photo_texts',
      errors: [
        { field: 'photo_texts', message: 'Each photo needs its own photo text (photo_texts pairs with photos).' },
      ],
    })
    for (const name of ['content-tx102-abc.png', 'content-tx1010-abc.png', 'content-tx101abc.png']) {
      const other = await call(
        'PUT',
        '/api/location_contents/TX101',
        content({ title: 'changed', photos: [name], photo_texts: ['x'] }),
      )
      expect(other.statusCode, name).toBe(400)
      expect(other.json()).toEqual({
        error: 'invalid_input',
        message: `${name} is not a photo of this location.`,
        field: 'photos',
        errors: [{ field: 'photos', message: `${name} is not a photo of this location.` }],
      })
    }
    const missing = await call(
      'PUT',
      '/api/location_contents/TX101',
      content({ title: 'changed', photos: ['content-tx101-never-uploaded.png'], photo_texts: ['x'] }),
    )
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      error: 'invalid_input',
      message: 'Photo content-tx101-never-uploaded.png was not uploaded.',
      field: 'photos',
      errors: [{ field: 'photos', message: 'Photo content-tx101-never-uploaded.png was not uploaded.' }],
    })
    const tooLong = await call('PUT', '/api/location_contents/TX101', content({ title: 'x'.repeat(201) }))
    expect(tooLong.json()).toMatchObject({ field: 'title' })
    expect((await call('GET', '/api/location_contents/TX101')).json()).toEqual(before)
  })

  test('roles without /locations cannot read or write content', async () => {
    const field = await ctx.signInField()
    expect((await ctx.request({ method: 'GET', url: '/api/location_contents/TX101', token: field })).statusCode).toBe(
      403,
    )
    expect(
      (await ctx.request({ method: 'PUT', url: '/api/location_contents/TX101', token: field, payload: content() }))
        .statusCode,
    ).toBe(403)
  })
})
