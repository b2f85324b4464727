import { beforeAll, expect, test } from 'vitest'
import type { AuditEntry } from '@storageops/contracts/audit'
import type { HomepageContent } from '@storageops/contracts/content/homepage'
import type { FileList } from '@storageops/contracts/files'
import { homepageContents } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let admin: string
beforeAll(async () => {
  admin = await ctx.signInAdmin()
}, 120_000)

const content = {
  title1: 'Storage',
  title2: 'made',
  title3: 'easy',
  hero_subheader: 'Units near you',
  hero_body: '**Move in today**',
  page_subheader: 'Why us',
  page_body: '| a | b |\n|---|---|\n| 1 | 2 |',
  review_header: 'Reviews',
  img_url: '  /img/packing-boxes.jpg  ',
}

test('the demo homepage is a list of one record', async () => {
  const response = await ctx.adminCall('GET', '/api/homepage', admin)
  expect(response.statusCode).toBe(200)
  expect(response.json<HomepageContent[]>()).toEqual([
    expect.objectContaining({ id: 1, review_header: 'What our customers say' }),
  ])
})

test('a save replaces the content, trims the image URL and answers the list', async () => {
  const response = await ctx.adminCall('POST', '/api/homepage', admin, content)
  expect(response.statusCode).toBe(200)
  expect(response.json<HomepageContent[]>()).toEqual([{ id: 1, ...content, img_url: '/img/packing-boxes.jpg' }])
  expect((await ctx.adminCall('GET', '/api/homepage', admin)).json<HomepageContent[]>()[0]!.title2).toBe('made')
})

test('the homepage uses its fixed images and the image it names', async () => {
  const files = (await ctx.adminCall('GET', '/api/file', admin)).json<FileList>().files
  for (const name of ['homepage_hero_image.jpg', 'homepage_kiosk_image.jpg', 'packing-boxes.jpg'])
    expect(files.find((file) => file.name === name)?.used_in).toContainEqual({
      kind: 'Homepage',
      label: 'Homepage',
      link: '/homepage',
    })
})

test('only a superadmin may read or save it; a too-long title is 400 naming the field', async () => {
  const editor = await ctx.signInAdmin('editor@example.com')
  expect((await ctx.adminCall('GET', '/api/homepage', editor)).statusCode).toBe(403)
  expect((await ctx.adminCall('POST', '/api/homepage', editor, content)).statusCode).toBe(403)
  const long = await ctx.adminCall('POST', '/api/homepage', admin, { ...content, title1: 'x'.repeat(201) })
  expect(long.statusCode).toBe(400)
  expect(long.json()).toMatchObject({ field: 'title1' })
  expect((await ctx.adminCall('GET', '/api/homepage', admin)).json<HomepageContent[]>()[0]!.title1).toBe('Storage')
})

test('a save that leaves out fields is 400 naming them and blanks nothing', async () => {
  const partial = await ctx.adminCall('POST', '/api/homepage', admin, { title1: 'x' })
  expect(partial.statusCode).toBe(400)
  expect(partial.json()).toMatchObject({ error: 'invalid_input', field: 'title2' })
  expect(partial.json().message).toBe('title2: title2 is missing: send every field.')
  expect(partial.json().errors.map((error: { field: string }) => error.field)).toEqual(
    Object.keys(content).filter((key) => key !== 'title1'),
  )
  expect((await ctx.adminCall('GET', '/api/homepage', admin)).json<HomepageContent[]>()[0]).toMatchObject({
    title1: 'Storage',
    title2: 'made',
    page_body: content.page_body,
  })
})

test('the image is a path under /img/ or an https: address: javascript: and http: are 400 naming img_url', async () => {
  for (const img_url of ['javascript:alert(1)', 'http://example.com/a.jpg', 'photo.jpg', 'https://']) {
    const refused = await ctx.adminCall('POST', '/api/homepage', admin, { ...content, img_url })
    expect(refused.statusCode, img_url).toBe(400)
    expect(refused.json()).toMatchObject({
      field: 'img_url',
      message: 'img_url: Use an image path under /img/ or an https: address.',
    })
  }
  const https = await ctx.adminCall('POST', '/api/homepage', admin, {
    ...content,
    img_url: 'https://cdn.example.com/a.jpg',
  })
  expect(https.statusCode, https.body).toBe(200)
  expect((await ctx.adminCall('POST', '/api/homepage', admin, content)).statusCode).toBe(200)
})

test('before the first save the list is empty; the audit log keeps a create, then an update with its before', async () => {
  await ctx.db.delete(homepageContents)
  expect((await ctx.adminCall('GET', '/api/homepage', admin)).json()).toEqual([])
  expect((await ctx.adminCall('POST', '/api/homepage', admin, content)).statusCode).toBe(200)
  const saved = { id: 1, ...content, img_url: '/img/packing-boxes.jpg' }
  const second = await ctx.adminCall('POST', '/api/homepage', admin, { ...content, title1: 'Space' })
  expect(second.json<HomepageContent[]>()).toEqual([{ ...saved, title1: 'Space' }])
  const audit = (await ctx.adminCall('GET', '/api/audit?entity=homepage&limit=2', admin)).json<{ rows: AuditEntry[] }>()
  expect(audit.rows.map(({ action, entity_id, before, after }) => ({ action, entity_id, before, after }))).toEqual([
    { action: 'update', entity_id: '1', before: saved, after: { ...saved, title1: 'Space' } },
    { action: 'create', entity_id: '1', before: null, after: saved },
  ])
})
