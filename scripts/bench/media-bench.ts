import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import type { FileList, UploadedFiles } from '@storageops/contracts/files'
import { blogs, mediaFiles } from '../../apps/server/src/db/schema.ts'
import { describe, loadSetup, measure } from './http-load.ts'
import { withSeededServer } from './seeded-server.ts'
import { webDist } from './web-dist.ts'

const PHOTOS = 20
const LIST_FILES = 2000
const CONTENT_ROWS = 10_000
const LOOKUPS = 20
const DURATION_SECONDS = 5
const ADMIN = { host: 'admin.localhost' }

/** A 4000×3000 JPEG of about 4 MB: coloured blobs with grain, so it compresses like a phone photo. */
async function drawPhoto(): Promise<Buffer> {
  const blobs = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .png()
    .toBuffer()
  const grain = Buffer.from(randomBytes(4000 * 3000).map((value) => 112 + (value >> 3)))
  return sharp(blobs)
    .resize(4000, 3000, { kernel: 'cubic' })
    .composite([{ input: grain, raw: { width: 4000, height: 3000, channels: 1 }, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * Issue 13: 20 photos of 4 MB in one upload, the list of 2,000 files (server, and File Management's first paint in
 * Chromium with lazy thumbnails), the usage lookup of one file among 10,000 content rows.
 */
export async function runMediaBench(): Promise<string[]> {
  const dist = webDist()
  return withSeededServer(
    1,
    'csagent',
    async ({ db, base, helloUrl }) => {
      const lines: string[] = []
      const signIn = await fetch(`${base}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo' }),
      })
      const { token } = (await signIn.json()) as { token: string }
      const auth = { authorization: `Bearer ${token}`, ...ADMIN }

      const photo = await drawPhoto()
      const form = new FormData()
      for (let index = 0; index < PHOTOS; index++)
        form.append(
          `upload_files_${index}`,
          new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
          `bench-photo-${index}.jpg`,
        )
      global.gc?.()
      const rssBefore = process.memoryUsage().rss
      let rssPeak = rssBefore
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
      }, 10)
      const uploadStarted = performance.now()
      const uploaded = await fetch(`${base}/api/file/upload`, { method: 'POST', headers: auth, body: form })
      const uploadBody = (await uploaded.json()) as UploadedFiles
      const uploadSeconds = (performance.now() - uploadStarted) / 1000
      clearInterval(sampler)
      const sizes = uploadBody.files?.[0]?.variants.map((variant) => variant.width).join('/') ?? '?'
      lines.push(
        `POST /api/file/upload with ${PHOTOS} photos of ${mb(photo.length)} (4000×3000 JPEG) at once: ${uploaded.status} in ${uploadSeconds.toFixed(1)} s (${((uploadSeconds * 1000) / PHOTOS).toFixed(0)} ms a photo: decode, upright, re-encode, thumbnail and ${sizes} px WebP sizes, stored); peak RSS ${mb(rssPeak)}, ${mb(rssPeak - rssBefore)} above the ${mb(rssBefore)} before (server and bench in one process, the bench holding the ${mb(photo.length * PHOTOS)} form)`,
      )

      const [sample] = uploadBody.files
      if (sample) {
        const bytesOf = async (path: string) =>
          (await (await fetch(`${base}${path}`, { headers: ADMIN })).arrayBuffer()).byteLength
        lines.push(
          `a 4000×3000 photo's list thumbnail (240×160 JPEG, shown at 120×80): ${((await bytesOf(sample.thumbnail)) / 1024).toFixed(1)} kB; its 480 px WebP size: ${((await bytesOf(sample.variants[0]?.path ?? sample.path)) / 1024).toFixed(1)} kB`,
        )
      }
      const existing = await db.$count(mediaFiles)
      const filler = Array.from({ length: LIST_FILES - existing }, (_, index) => ({
        name: `bench-list-${String(index).padStart(4, '0')}.jpg`,
        thumbnail_name: `bench-photo-0.jpg.thumb.jpg`,
        variants: sample ? sample.variants.map((variant) => ({ ...variant, name: variant.path.slice(5) })) : [],
        content_type: 'image/jpeg',
        byte_size: photo.length,
        width: 4000,
        height: 3000,
      }))
      for (let start = 0; start < filler.length; start += 500)
        await db.insert(mediaFiles).values(filler.slice(start, start + 500))
      const listUrl = `${base}/api/file`
      const listText = await (await fetch(listUrl, { headers: auth })).text()
      const listBytes = Buffer.byteLength(listText)
      const plain = JSON.parse(listText) as FileList
      await measure(helloUrl, 2)
      const baseline = await measure(helloUrl, DURATION_SECONDS)
      lines.push(loadSetup(DURATION_SECONDS))
      lines.push(describe('bare Fastify hello-world', baseline))
      lines.push(
        describe(
          `GET /api/file, ${plain.count} files with their usage (${(listBytes / 1024).toFixed(0)} KiB of JSON before compression)`,
          await measure(listUrl, DURATION_SECONDS, token, ADMIN),
          baseline,
        ),
      )

      lines.push(await firstPaint(base, plain.count))

      const target = 'bench-photo-0.jpg'
      const rows = Array.from({ length: CONTENT_ROWS }, (_, index) => ({
        title: `Storage tip ${index}`,
        blog_image: `/img/bench-list-${String(index % LIST_FILES).padStart(4, '0')}.jpg`,
        body: `## Tip ${index}\n\n![A unit](/img/bench-list-${String((index * 7) % LIST_FILES).padStart(4, '0')}.jpg)\n\n${'Pack heavy boxes low and light boxes high. '.repeat(12)}${index === CONTENT_ROWS / 2 ? `\n\n![Front](/img/${target})` : ''}`,
      }))
      for (let start = 0; start < rows.length; start += 500)
        await db.insert(blogs).values(rows.slice(start, start + 500))
      const times: number[] = []
      let status = 0
      for (let round = 0; round < LOOKUPS; round++) {
        const started = performance.now()
        const response = await fetch(`${base}/api/file/delete`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ fileNames: [target] }),
        })
        await response.arrayBuffer()
        status = response.status
        times.push(performance.now() - started)
      }
      lines.push(
        `usage lookup of one file among ${CONTENT_ROWS.toLocaleString('en-US')} blogs (+ the seed's content), POST /api/file/delete answering ${status} in_use: median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms of ${LOOKUPS}`,
      )
      const listed: number[] = []
      for (let round = 0; round < 5; round++) {
        const started = performance.now()
        await (await fetch(listUrl, { headers: auth })).arrayBuffer()
        listed.push(performance.now() - started)
      }
      lines.push(
        `GET /api/file, ${plain.count} files, with those ${CONTENT_ROWS.toLocaleString('en-US')} blogs read for usage: median ${median(listed).toFixed(0)} ms of 5`,
      )
      return lines
    },
    { webDist: dist },
  )
}

/** File Management in Chromium at 1280×900, signed in: from navigation to the first row's thumbnail on screen. */
async function firstPaint(base: string, count: number): Promise<string> {
  const admin = `http://admin.localhost:${new URL(base).port}`
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${admin}/login`)
    await page.getByLabel('Email').fill('admin@example.com')
    await page.getByLabel('Password').fill('admin-demo')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByRole('heading', { name: /Internal website for/ }).waitFor()
    const times: number[] = []
    let thumbnails = 0
    for (let round = 0; round < 3; round++) {
      await page.goto(`${admin}/`)
      const started = performance.now()
      await page.goto(`${admin}/file-management`, { waitUntil: 'commit' })
      const table = page.getByRole('table', { name: 'Files' })
      await table.getByRole('row').nth(1).locator('img').first().waitFor({ state: 'visible', timeout: 120_000 })
      await page.waitForFunction(() => [...document.images].some((image) => image.complete && image.naturalWidth > 0))
      times.push(performance.now() - started)
      thumbnails = await page.evaluate(
        () => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/img/')).length,
      )
    }
    return `File Management with ${count} files in Chromium (1280×900, no throttling): first row's thumbnail on screen after median ${(median(times) / 1000).toFixed(2)} s of 3 (navigation to a loaded image); ${thumbnails} image requests by then (lazy thumbnails: only those in view load)`
  } finally {
    await browser.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runMediaBench()) console.log(line)
}
