import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registerCompression } from './compression.ts'
import { registerSecurityHeaders } from './security-headers.ts'
import { HASHED_ASSET_CACHE, registerWebApp } from './web-app.ts'

// A build as Vite writes it: index.html, hashed chunks with their .br/.gz, and the manifest.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-web-app-'))
const write = (file: string, text: string, compressed = false) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
  fs.writeFileSync(path.join(dist, file), text)
  if (compressed) {
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text))
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text))
  }
}
const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
// The build's inline script that starts a field page's data (apps/web/src/lib/early-data.ts).
const earlyData = '(function startEarlyData(config) { fetch(config.path) })({"path":"/api/tasks/overview"})'
const earlyDataHash = `'sha256-${createHash('sha256').update(earlyData).digest('base64')}'`
write(
  'index.html',
  // vite-plugin-pwa puts the manifest link right before '</head>' on the line of the last tag, as in a real build.
  `<!doctype html>\n<html>\n  <head>\n    <meta charset="UTF-8" />\n    <script>${earlyData}</script>\n    <title>StorageOps</title>\n    <script type="module" crossorigin src="/assets/index-A1.js"></script>\n  <link rel="manifest" href="/manifest.webmanifest"></head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`,
  true,
)
write('assets/index-A1.js', script, true)
const layoutCss = '._card_1{border-left:4px solid var(--mantine-color-gray-3)}'
write('assets/field-shared-F6.css', layoutCss)
// The field login the build prerenders (apps/web/prerender-login.ts).
const prerenderedLogin =
  '<div data-prerendered-login><style>.m_1{}</style><main><form><button>Login</button></form></main></div>'
write('.vite/field-login.html', prerenderedLogin)
write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')
write('sw.js', 'self.addEventListener("install", () => {})')
write('manifest.webmanifest', '{"name":"Snapshot · StorageOps"}')
write(
  '.vite/manifest.json',
  JSON.stringify({
    'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: [] },
    'src/app/field-app.tsx': { file: 'assets/field-app-B2.js', imports: ['index.html', '_ui-C3.js'] },
    '_ui-C3.js': { file: 'assets/ui-C3.js', css: ['assets/ui-C3.css'] },
    'src/app/admin-app.tsx': { file: 'assets/admin-app-D4.js', imports: ['index.html'] },
    'src/app/routes/field/login.tsx': { file: 'assets/login-E5.js', imports: ['_ui-C3.js'] },
    // The field layout merged into a shared chunk: no entry of its own (module-chunks.json names its chunk).
    '_field-shared-F6.js': { file: 'assets/field-shared-F6.js', css: ['assets/field-shared-F6.css'] },
    'src/app/routes/field/tasks-overview.tsx': { file: 'assets/tasks-overview-G7.js', imports: ['_ui-C3.js'] },
    'src/app/routes/field/facility-search.tsx': { file: 'assets/facility-search-H8.js' },
    'src/app/routes/field/facility-detail.tsx': { file: 'assets/facility-detail-J9.js' },
    'src/app/routes/field/not-found.tsx': { file: 'assets/not-found-K1.js' },
    'src/app/routes/admin/login-page.tsx': { file: 'assets/login-page-L2.js', imports: ['_ui-C3.js'] },
    'src/app/routes/admin/admin-shell.tsx': { file: 'assets/admin-shell-M3.js', imports: ['_ui-C3.js'] },
    'src/app/routes/admin/home-page.tsx': { file: 'assets/home-page-N4.js' },
    'src/app/routes/admin/locations-page.tsx': { file: 'assets/locations-page-P5.js' },
  }),
)
write(
  '.vite/module-chunks.json',
  JSON.stringify({
    'src/app/routes/field/field-layout.tsx': 'assets/field-shared-F6.js',
    'src/app/routes/field/tasks-overview.tsx': 'assets/tasks-overview-G7.js',
  }),
)

let app: FastifyInstance
beforeAll(async () => {
  app = Fastify()
  registerSecurityHeaders(app)
  await registerCompression(app)
  const web = await registerWebApp(app, dist)
  app.get('/api/rows', async () => Array.from({ length: 200 }, (_, id) => ({ id, name: `Facility ${id}` })))
  app.setNotFoundHandler((request, reply) => web!.sendPage(request, reply))
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  )

describe('the web app on the wire (issue 17)', () => {
  test('a hashed asset goes out immutable for a year, as the brotli file made at build time', async () => {
    const response = await app.inject({ url: '/assets/index-A1.js', headers: { 'accept-encoding': 'gzip, br' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe(HASHED_ASSET_CACHE)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script)
  })

  test('a client that takes only gzip gets the .gz, one that takes none the file itself', async () => {
    const gzip = await app.inject({ url: '/assets/index-A1.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script)
    const plain = await app.inject({ url: '/assets/index-A1.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  test('files without a hash are revalidated every time', async () => {
    const response = await app.inject({ url: '/favicon.svg' })
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  test('the service worker is revalidated on every update check, so a release reaches the update prompt', async () => {
    const response = await app.inject({ url: '/sw.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    const manifest = await app.inject({ url: '/manifest.webmanifest' })
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/)
  })

  test('only the field tool links the web app manifest: the admin console is not installable as Snapshot', async () => {
    const field = await app.inject({ url: '/', headers: { host: 'snapshot.localhost' } })
    expect(field.body).toContain('<link rel="manifest" href="/manifest.webmanifest">')
    const admin = await app.inject({ url: '/', headers: { host: 'admin.localhost' } })
    expect(admin.statusCode).toBe(200)
    expect(admin.body).not.toContain('rel="manifest"')
  })

  test("a field page's HTML preloads its app, shared header, page chunks and styles, and is never cached stale", async () => {
    const response = await app.inject({
      url: '/snapshot/tasks-overview',
      headers: { host: 'snapshot.localhost', 'accept-encoding': 'br' },
    })
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const html = zlib.brotliDecompressSync(response.rawPayload).toString()
    expect(preloads(html)).toEqual([
      '/assets/ui-C3.js',
      '/assets/field-app-B2.js',
      '/assets/field-shared-F6.js',
      '/assets/tasks-overview-G7.js',
    ])
    // Behind the data request the inline script starts: the chunks at low priority.
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/tasks-overview-G7.js">',
    )
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/ui-C3.css">')
    // A small stylesheet comes inline, its request saved; the disabled link (never fetched) tells Vite it is there.
    expect(html).toContain(
      `<link disabled rel="stylesheet" crossorigin href="/assets/field-shared-F6.css"><style>${layoutCss}</style>`,
    )
    expect(html).toContain('<title>Snapshot · StorageOps</title>')

    const again = await app.inject({
      url: '/snapshot/tasks-overview',
      headers: { host: 'snapshot.localhost', 'if-none-match': response.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
  })

  test('a fixed path in another case or with a trailing slash gets the not-found page; a slug in any case the facility (issue 34)', async () => {
    const pageChunk = async (url: string) =>
      preloads((await app.inject({ url, headers: { host: 'snapshot.localhost' } })).body).at(-1)
    for (const url of ['/SNAPSHOT/TASKS-OVERVIEW', '/snapshot/tasks-overview/', '/austin-tx-100/'])
      expect(await pageChunk(url), url).toBe('/assets/not-found-K1.js')
    expect(await pageChunk('/snapshot/tasks-overview')).toBe('/assets/tasks-overview-G7.js')
    for (const url of ['/austin-tx-100', '/Austin-TX-100'])
      expect(await pageChunk(url), url).toBe('/assets/facility-detail-J9.js')
  })

  test("the login page preloads no shared header; an admin page its app, the console's frame and its screen", async () => {
    const login = await app.inject({ url: '/login', headers: { host: 'snapshot.localhost' } })
    expect(preloads(login.body)).toEqual(['/assets/ui-C3.js', '/assets/field-app-B2.js', '/assets/login-E5.js'])
    const adminPreloads = async (url: string) =>
      preloads((await app.inject({ url, headers: { host: 'admin.localhost' } })).body)
    const frame = ['/assets/admin-app-D4.js', '/assets/ui-C3.js', '/assets/admin-shell-M3.js']
    expect(await adminPreloads('/locations')).toEqual([...frame, '/assets/locations-page-P5.js'])
    expect(await adminPreloads('/')).toEqual([...frame, '/assets/home-page-N4.js'])
    // A declared resource's list loads its screen after the frame; a path of no screen shows the fallback page there.
    for (const url of ['/cities', '/Locations', '/locations/']) expect(await adminPreloads(url), url).toEqual(frame)
    expect(await adminPreloads('/login')).toEqual([
      '/assets/admin-app-D4.js',
      '/assets/ui-C3.js',
      '/assets/login-page-L2.js',
    ])
    const admin = await app.inject({ url: '/locations', headers: { host: 'admin.localhost' } })
    // Neither starts a data request from its HTML: its chunks keep their default priority.
    expect(login.body + admin.body).not.toContain('fetchpriority')
    expect(admin.body).toContain('<title>Admin · StorageOps</title>')
  })

  test('/login and / show the prerendered field login before any script, with the stylesheets after it; other pages and the admin console do not', async () => {
    const body = (html: string) => html.slice(html.indexOf('<body>'))
    for (const url of ['/login', '/', '/login?next=%2Fsnapshot%2Fdashboard']) {
      const page = await app.inject({ url, headers: { host: 'snapshot.localhost', 'accept-encoding': 'br' } })
      const html = zlib.brotliDecompressSync(page.rawPayload).toString()
      expect(body(html)).toContain(`<div id="root">${prerenderedLogin}</div>`)
      // The stylesheets no longer hold the first paint (the prerendered login carries its rules): the app applies them.
      expect(html).toContain(
        '<link rel="stylesheet" media="print" data-media="all" crossorigin href="/assets/ui-C3.css">',
      )
      expect(html).not.toMatch(/<link rel="stylesheet" crossorigin/)
      // Its inline script runs by its hash and may send a Login pressed before the app runs (decision 010).
      const policy = String(page.headers['content-security-policy'])
      expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' ${earlyDataHash}`)
      expect(/connect-src ([^;]*)/.exec(policy)?.[1]).toBe("'self'")
    }
    // For a signed-out visitor at / the login page's code comes with the page's own.
    const start = await app.inject({ url: '/', headers: { host: 'snapshot.localhost' } })
    expect(preloads(start.body)).toContain('/assets/login-E5.js')
    const other = await app.inject({ url: '/snapshot/tasks-overview', headers: { host: 'snapshot.localhost' } })
    expect(other.body).not.toContain('data-prerendered-login')
    expect(other.body).toContain('<div id="root"></div>')
    const admin = await app.inject({ url: '/login', headers: { host: 'admin.localhost' } })
    expect(admin.body).not.toContain('data-prerendered-login')
  })

  test("a field page starts its data from an inline script the Content-Security-Policy allows by hash; the admin console's pages carry none", async () => {
    const scriptSources = (policy: unknown) => /script-src ([^;]*)/.exec(String(policy))?.[1]
    const field = await app.inject({ url: '/snapshot/tasks-overview', headers: { host: 'snapshot.localhost' } })
    expect(field.body).toContain(`<meta charset="UTF-8" />\n    <script>${earlyData}</script>`)
    expect(field.body.indexOf('<script>')).toBeLessThan(field.body.indexOf('<link rel="stylesheet"'))
    expect(scriptSources(field.headers['content-security-policy'])).toBe(`'self' ${earlyDataHash}`)
    // The service worker shows /index.html for a page it has cached: the same script, the same allowance.
    const index = await app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } })
    expect(zlib.brotliDecompressSync(index.rawPayload).toString()).toContain(earlyData)
    expect(scriptSources(index.headers['content-security-policy'])).toBe(`'self' ${earlyDataHash}`)

    const admin = await app.inject({ url: '/locations', headers: { host: 'admin.localhost' } })
    expect(admin.body).not.toContain('<script>')
    expect(scriptSources(admin.headers['content-security-policy'])).toBe("'self'")
    const asset = await app.inject({ url: '/favicon.svg' })
    expect(scriptSources(asset.headers['content-security-policy'])).toBe("'self'")
  })

  test('API answers are compressed: brotli when taken, else gzip; small ones are not', async () => {
    const brotli = await app.inject({ url: '/api/rows', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toHaveLength(200)
    const gzip = await app.inject({ url: '/api/rows', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const none = await app.inject({ url: '/api/rows' })
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(none.json()).toHaveLength(200)
  })
})
