import fs from 'node:fs'
import path from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import type { BrandStandard, BrandsReport, FacilityBrandsReports } from '@storageops/contracts/brand-reports'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'
import { auditLog, brandsReports, locations } from '../../db/schema.ts'
import { DEMO_BRAND_STANDARDS } from '../../seed/brand-reports.ts'
import { multipartForm } from '../../test/multipart-form.ts'
import { useTestContext } from '../../test/context.ts'

const MAX_BYTES = 200_000
const ctx = useTestContext({ env: { BRANDS_PHOTO_MAX_BYTES: String(MAX_BYTES) } })
let token: string
let checklist: BrandStandard[]
let facility: { id: number; location_code: string; name: string }

beforeAll(async () => {
  token = await ctx.signInField('pmanager')
  checklist = (await ctx.request({ method: 'GET', url: '/api/brands_reports/brand_standards', token })).json()
  const [first] = await ctx.db
    .select({ id: locations.id, location_code: locations.location_code, name: locations.name })
    .from(locations)
    .orderBy(locations.id)
    .limit(1)
  facility = first!
})

const jpeg = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer()

type FilePart = { field: string; name: string; data: Buffer }

const submit = async (fields: Record<string, string>, files: FilePart[]) =>
  ctx.request({
    method: 'POST',
    url: '/api/brands_reports',
    token,
    ...(await multipartForm(
      fields,
      files.map((file) => ({ ...file, type: 'image/jpeg' })),
    )),
  })

async function photosFor(standards: BrandStandard[]): Promise<FilePart[]> {
  return Promise.all(
    standards.map(async (standard, index) => ({
      field: `brand_standard_${standard.id}`,
      name: `s${index}.jpg`,
      data: await jpeg(index % 2 ? '#336699' : '#996633'),
    })),
  )
}

async function overviewRow(siteCode: string): Promise<FacilityOverviewRow> {
  const rows = (await ctx.request({ method: 'GET', url: '/api/facilities/overview', token })).json<
    FacilityOverviewRow[]
  >()
  return rows.find((row) => row.site_code === siteCode)!
}

const storedFileCount = () => fs.readdirSync(ctx.filesDir).length
const reportCount = async () => (await ctx.db.select({ n: count() }).from(brandsReports))[0]!.n

describe('brand standards and reports', () => {
  test('the checklist lists the active brand standards in walking order', () => {
    expect(checklist.map((standard) => standard.name)).toEqual(DEMO_BRAND_STANDARDS.map((standard) => standard.name))
    expect(checklist[0]).toMatchObject({ id: expect.any(Number), description: expect.any(String) })
  })

  test('a facility archive lists its reports newest first with photos, notes, completed and user', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/brands_reports/facility_brands_reports/${facility.id}`,
      token,
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<FacilityBrandsReports>()
    expect(body.location).toEqual(facility)
    // Eight monthly demo reports: more than six months of history.
    expect(body.entries.length).toBeGreaterThanOrEqual(8)
    const times = body.entries.map((entry) => Date.parse(entry.report_submit_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(times[0]! - times.at(-1)!).toBeGreaterThan(180 * 86_400_000)
    for (const entry of body.entries) {
      expect(entry.photos_count).toBeGreaterThan(0)
      expect(entry.report_submit_by.full_name).toMatch(/\w+ \w+/)
      expect(typeof entry.completed).toBe('boolean')
      expect(entry.missing_standards.length === 0).toBe(entry.completed)
    }
  })

  test('an unknown location id is 404 and a non-numeric one 400', async () => {
    expect(
      (await ctx.request({ method: 'GET', url: '/api/brands_reports/facility_brands_reports/999999', token }))
        .statusCode,
    ).toBe(404)
    expect(
      (await ctx.request({ method: 'GET', url: '/api/brands_reports/facility_brands_reports/abc', token })).statusCode,
    ).toBe(400)
  })

  test('a report detail groups its photos by brand standard in checklist order, each photo served under /img/', async () => {
    const list = (
      await ctx.request({ method: 'GET', url: `/api/brands_reports/facility_brands_reports/${facility.id}`, token })
    ).json<FacilityBrandsReports>()
    const summary = list.entries[0]!
    const response = await ctx.request({ method: 'GET', url: `/api/brands_reports/${summary.id}`, token })
    expect(response.statusCode).toBe(200)
    const report = response.json<BrandsReport>()
    expect(report).toMatchObject({
      id: summary.id,
      report_submit_at: summary.report_submit_at,
      photos_count: summary.photos_count,
      notes: summary.notes,
      location: facility,
    })
    const names = report.brand_standard_reports.map((entry) => entry.brand_standard.name)
    expect(names).toEqual(checklist.map((standard) => standard.name).filter((name) => names.includes(name)))
    expect(report.brand_standard_reports.reduce((sum, entry) => sum + entry.attachments.length, 0)).toBe(
      report.photos_count,
    )
    const photo = report.brand_standard_reports[0]!.attachments[0]!
    expect(photo.url).toMatch(/^\/img\/brands-demo-\d+-\d\.jpg$/)
    const image = await ctx.request({ method: 'GET', url: photo.url, token })
    expect(image.statusCode).toBe(200)
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg')
    const thumbnail = await ctx.request({ method: 'GET', url: photo.thumbnail_url!, token })
    expect(thumbnail.statusCode).toBe(200)
  })

  test('an unknown report is 404', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/brands_reports/999999', token })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'not_found' })
  })

  test('signing in is required', async () => {
    expect(
      (await ctx.request({ method: 'GET', url: `/api/brands_reports/facility_brands_reports/${facility.id}` }))
        .statusCode,
    ).toBe(401)
  })
})

describe('submitting an inspection', () => {
  test("photos of every standard make a completed report: stored with thumbnails, audited, and the facility's last brand standards and full walkthrough move to it", async () => {
    const response = await submit(
      { location_code: facility.location_code, notes: '  All areas in good shape.  ' },
      await photosFor(checklist),
    )
    expect(response.statusCode).toBe(201)
    const report = response.json<BrandsReport>()
    expect(report).toMatchObject({
      completed: true,
      missing_standards: [],
      notes: 'All areas in good shape.',
      photos_count: checklist.length,
      report_submit_by: { full_name: 'Parker Dawson' },
      location: facility,
    })
    expect(report.brand_standard_reports.map((entry) => entry.brand_standard.id)).toEqual(
      checklist.map((standard) => standard.id),
    )
    const photo = report.brand_standard_reports[0]!.attachments[0]!
    expect(photo.url).toMatch(/^\/img\/brands-[0-9a-f-]{36}\.jpg$/)
    expect(photo.thumbnail_url).toMatch(/^\/img\/brands-[0-9a-f-]{36}-thumb\.jpg$/)
    expect(fs.existsSync(path.join(ctx.filesDir, photo.url.replace('/img/', '')))).toBe(true)

    const archive = (
      await ctx.request({ method: 'GET', url: `/api/brands_reports/facility_brands_reports/${facility.id}`, token })
    ).json<FacilityBrandsReports>()
    expect(archive.entries[0]!.id).toBe(report.id)
    const row = await overviewRow(facility.location_code)
    expect(row.last_brands_report).toEqual({ id: report.id })
    expect(row.last_brand_standards_at).toBe(report.report_submit_at)
    expect(row.last_full_walkthrough_at).toBe(report.report_submit_at)
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'brands_report'), eq(auditLog.entity_id, String(report.id))))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ action: 'create', actor_kind: 'field', actor_name: 'pmanager' })
  })

  test('a missing standard needs notes saying why; with them the report is stored as not completed and the full walkthrough stays', async () => {
    const skipped = checklist.filter((standard) => standard.name === 'Restrooms' || standard.name === 'Dumpster Area')
    const covered = checklist.filter((standard) => !skipped.includes(standard))
    const before = await overviewRow(facility.location_code)
    const refused = await submit({ location_code: facility.location_code }, await photosFor(covered))
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toEqual({
      error: 'unprocessable',
      message: 'Say in the notes why Restrooms, Dumpster Area have no photos.',
      field: 'notes',
    })

    const response = await submit(
      { location_code: facility.location_code, notes: 'Restroom closed for repair; dumpster being replaced.' },
      await photosFor(covered),
    )
    expect(response.statusCode).toBe(201)
    const report = response.json<BrandsReport>()
    expect(report.completed).toBe(false)
    // Which standards had no photos, in checklist order, in the report and in the archive (issue 18).
    expect(report.missing_standards).toEqual(['Restrooms', 'Dumpster Area'])
    const archive = (
      await ctx.request({ method: 'GET', url: `/api/brands_reports/facility_brands_reports/${facility.id}`, token })
    ).json<FacilityBrandsReports>()
    expect(archive.entries.find((entry) => entry.id === report.id)?.missing_standards).toEqual([
      'Restrooms',
      'Dumpster Area',
    ])
    expect(report.brand_standard_reports).toHaveLength(covered.length)
    const after = await overviewRow(facility.location_code)
    expect(after.last_brands_report).toEqual({ id: report.id })
    expect(after.last_full_walkthrough_at).toBe(before.last_full_walkthrough_at)
  })

  test('a report without any photo is refused', async () => {
    const response = await submit({ location_code: facility.location_code, notes: 'Nothing to show' }, [])
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      error: 'unprocessable',
      message: 'Add a photo of at least one brand standard.',
      field: 'photos',
    })
  })

  test('a photo of a standard that is not on the checklist is refused', async () => {
    const response = await submit({ location_code: facility.location_code, notes: 'x' }, [
      { field: 'brand_standard_9999', name: 'a.jpg', data: await jpeg('#000000') },
    ])
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ field: 'brand_standard_9999' })
  })

  test('a file that is not a photo is refused by its content, naming the standard, and nothing is stored', async () => {
    const files = storedFileCount()
    const reports = await reportCount()
    const photos = await photosFor(checklist)
    photos[3] = { ...photos[3]!, name: 'not-really.jpg', data: Buffer.from('GIF89a this is not a photo at all') }
    const response = await submit({ location_code: facility.location_code }, photos)
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({
      error: 'unsupported_media_type',
      field: `brand_standard_${checklist[3]!.id}`,
    })
    expect(response.json().message).toContain(checklist[3]!.name)
    expect(storedFileCount()).toBe(files)
    expect(await reportCount()).toBe(reports)
  })

  test('a JPEG header over broken data is refused (it cannot be decoded)', async () => {
    const broken = Buffer.concat([(await jpeg('#123456')).subarray(0, 64), Buffer.alloc(400, 7)])
    const response = await submit({ location_code: facility.location_code, notes: 'x' }, [
      { field: `brand_standard_${checklist[0]!.id}`, name: 'b.jpg', data: broken },
    ])
    expect(response.statusCode).toBe(415)
  })

  test('a photo over the size limit is 413', async () => {
    const big = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#808080' } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="2000" height="2000"><filter id="n"><feTurbulence baseFrequency="0.9"/></filter><rect width="2000" height="2000" filter="url(#n)"/></svg>`,
          ),
        },
      ])
      .jpeg({ quality: 100 })
      .toBuffer()
    expect(big.length).toBeGreaterThan(MAX_BYTES)
    const response = await submit({ location_code: facility.location_code, notes: 'x' }, [
      { field: `brand_standard_${checklist[0]!.id}`, name: 'big.jpg', data: big },
    ])
    expect(response.statusCode).toBe(413)
  })

  test('a photo of exactly the size limit is accepted; one byte more is 413', async () => {
    const photo = await jpeg('#224466')
    // Zero bytes after the JPEG's end marker: the same picture, any size.
    const sized = (bytes: number) => Buffer.concat([photo, Buffer.alloc(bytes - photo.length)])
    const field = `brand_standard_${checklist[0]!.id}`
    const notes = 'Only the street signage today.'
    const exact = await submit({ location_code: facility.location_code, notes }, [
      { field, name: 'edge.jpg', data: sized(MAX_BYTES) },
    ])
    expect(exact.statusCode).toBe(201)
    expect(exact.json<BrandsReport>().photos_count).toBe(1)
    const over = await submit({ location_code: facility.location_code, notes }, [
      { field, name: 'over.jpg', data: sized(MAX_BYTES + 1) },
    ])
    expect(over.statusCode).toBe(413)
    expect(over.json()).toMatchObject({ error: 'payload_too_large', field: 'photos' })
  })

  test('five photos of one standard are accepted', async () => {
    const one = await jpeg('#556677')
    const response = await submit(
      { location_code: facility.location_code, notes: 'Signage from every side.' },
      Array.from({ length: 5 }, (_, index) => ({
        field: `brand_standard_${checklist[0]!.id}`,
        name: `side${index}.jpg`,
        data: one,
      })),
    )
    expect(response.statusCode).toBe(201)
    const report = response.json<BrandsReport>()
    expect(report.photos_count).toBe(5)
    expect(report.brand_standard_reports).toHaveLength(1)
    expect(report.brand_standard_reports[0]!.attachments).toHaveLength(5)
  })

  test('more than five photos of one standard is 413', async () => {
    const one = await jpeg('#445566')
    const response = await submit(
      { location_code: facility.location_code, notes: 'x' },
      Array.from({ length: 6 }, (_, index) => ({
        field: `brand_standard_${checklist[0]!.id}`,
        name: `p${index}.jpg`,
        data: one,
      })),
    )
    expect(response.statusCode).toBe(413)
  })

  test('an unknown facility is 404, a JSON body 415, a stray file field 400', async () => {
    const photos = await photosFor(checklist.slice(0, 1))
    const unknown = await submit({ location_code: 'ZZ999', notes: 'x' }, photos)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ field: 'location_code' })
    const json = await ctx.request({
      method: 'POST',
      url: '/api/brands_reports',
      token,
      payload: { location_code: facility.location_code },
    })
    expect(json.statusCode).toBe(415)
    const stray = await submit({ location_code: facility.location_code, notes: 'x' }, [
      { field: 'images', name: 'a.jpg', data: photos[0]!.data },
    ])
    expect(stray.statusCode).toBe(400)
  })

  test('notes of exactly 2000 characters are kept whole', async () => {
    const notes = 'Gate keypad replaced; '.repeat(100).slice(0, 1999) + '.'
    expect(notes).toHaveLength(2000)
    const response = await submit(
      { location_code: facility.location_code, notes },
      await photosFor(checklist.slice(0, 1)),
    )
    expect(response.statusCode).toBe(201)
    expect(response.json<BrandsReport>().notes).toBe(notes)
  })

  test('notes longer than 2000 characters are refused', async () => {
    const response = await submit(
      { location_code: facility.location_code, notes: 'x'.repeat(2001) },
      await photosFor(checklist.slice(0, 1)),
    )
    expect(response.statusCode).toBe(400)
  })
})

describe('an inspection made offline (issue 19)', () => {
  test('sent twice with one Idempotency-Key it is one report, with the phone time beside the server time', async () => {
    const notes = `Queued on the phone ${Date.now()}`
    const actedAt = new Date(Date.now() - 35 * 60_000).toISOString()
    const photos = await photosFor(checklist.slice(0, 2))
    const send = async () => {
      const form = await multipartForm(
        { location_code: facility.location_code, notes },
        photos.map((file) => ({ ...file, type: 'image/jpeg' })),
      )
      return ctx.request({
        method: 'POST',
        url: '/api/brands_reports',
        token,
        headers: { ...form.headers, 'idempotency-key': `inspection-${actedAt}`, 'x-action-time': actedAt },
        payload: form.payload,
      })
    }
    const first = await send()
    expect(first.statusCode).toBe(201)
    const again = await send()
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const rows = await ctx.db.select().from(brandsReports).where(eq(brandsReports.notes, notes))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.acted_at!.toISOString()).toBe(actedAt)
    expect(rows[0]!.report_submit_at.getTime()).toBeGreaterThan(Date.parse(actedAt))
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'brands_report'), eq(auditLog.entity_id, String(rows[0]!.id))))
    expect(audit!.acted_at!.toISOString()).toBe(actedAt)
  })
})
