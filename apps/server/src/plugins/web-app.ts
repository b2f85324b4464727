import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { negotiate } from '@fastify/accept-negotiator'
import { ADMIN_SCREENS } from '@storageops/contracts/admin-pages'
import { fieldPageFor, pageFor } from '@storageops/contracts/field-pages'
import { appForHost, type AppName } from '@storageops/contracts/hosts'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

interface Page {
  body: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
}

const INLINE_STYLESHEET_BYTES = 4096

export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'

/** Serves the built web app (decision 010: compression, caching, preloads); null when it is not built. */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html')
  if (!fs.existsSync(indexFile)) return null
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      const hashed = path.relative(webDist, file).startsWith(`assets${path.sep}`)
      reply.header('cache-control', hashed ? HASHED_ASSET_CACHE : 'no-cache')
      if (/\.html(\.br|\.gz)?$/.test(file)) allowInlineScripts(reply.raw)
    },
  })

  const template = fs.readFileSync(indexFile, 'utf8')
  // The inline scripts run under the Content-Security-Policy by their hash (decision 010).
  const scriptHashes = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  )
  function allowInlineScripts(reply: {
    getHeader(name: string): unknown
    setHeader(name: string, value: string): unknown
  }) {
    const policy = reply.getHeader('content-security-policy')
    if (typeof policy !== 'string' || scriptHashes.length === 0) return
    reply.setHeader('content-security-policy', policy.replace(/script-src 'self'/, `$& ${scriptHashes.join(' ')}`))
  }
  const manifestFile = path.join(webDist, '.vite', 'manifest.json')
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {}
  // A route module merged into a shared chunk has no manifest entry: the build names its chunk (vite.config.ts).
  const chunksFile = path.join(webDist, '.vite', 'module-chunks.json')
  const moduleChunks = fs.existsSync(chunksFile)
    ? (JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as Record<string, string>)
    : {}
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
  const manifestKey = (module: string) =>
    manifest[module] ? module : moduleChunks[module] && keyOfFile.get(moduleChunks[module])
  const pages = new Map<string, Page>()
  // The prerendered field login: the first paint of /login and / when signed out (decision 010).
  const loginFile = path.join(webDist, '.vite', 'field-login.html')
  const prerenderedLogin = fs.existsSync(loginFile) ? fs.readFileSync(loginFile, 'utf8') : null
  const PRERENDERED_PAGES = new Set(['login', 'facility-search'])

  /** The manifest keys a page needs beyond the entry, and whether it carries the prerendered login. */
  const pageOf = (appName: AppName, pathname: string) => {
    if (appName === 'admin') return { modules: adminModules(pathname), prerendered: false }
    const page = fieldPageFor(pathname)
    const prerendered = prerenderedLogin !== null && PRERENDERED_PAGES.has(page.page)
    const modules = [
      'src/app/field-app.tsx',
      ...(page.layout ? ['src/app/routes/field/field-layout.tsx'] : []),
      `src/app/routes/field/${page.page}.tsx`,
    ]
    if (prerendered && page.page !== 'login') modules.push('src/app/routes/field/login.tsx')
    return { modules, prerendered }
  }

  /** An admin page's modules: the app, and the console's frame with the page module of ADMIN_SCREENS paths or home. */
  const adminModules = (pathname: string) => {
    const admin = (page: string) => `src/app/routes/admin/${page}.tsx`
    if (pathname === '/login') return ['src/app/admin-app.tsx', admin('login-page')]
    if (pathname === '/azure') return ['src/app/admin-app.tsx']
    const screen = pathname === '/' ? 'home-page' : pageFor(ADMIN_SCREENS, pathname)?.page
    return ['src/app/admin-app.tsx', admin('admin-shell'), ...(screen ? [admin(screen)] : [])]
  }

  /** Inlines a small stylesheet, saving a request on "Slow 4G" (decision 010), with a disabled link for Vite's preloader. */
  const stylesheet = (file: string) => {
    const text = fs.existsSync(path.join(webDist, file)) ? fs.readFileSync(path.join(webDist, file), 'utf8') : ''
    if (!text || text.length > INLINE_STYLESHEET_BYTES || /url\(|<\//.test(text))
      return `<link rel="stylesheet" crossorigin href="/${file}">`
    return `<link disabled rel="stylesheet" crossorigin href="/${file}"><style>${text}</style>`
  }

  const render = (appName: AppName, modules: string[], prerendered: boolean): Page => {
    const seen = new Set<string>()
    const scripts: string[] = []
    const styles: string[] = []
    const visit = (module: string) => {
      const key = manifestKey(module)
      const chunk = key && manifest[key]
      if (!chunk || seen.has(key)) return
      seen.add(key)
      for (const imported of chunk.imports ?? []) visit(imported)
      scripts.push(chunk.file)
      styles.push(...(chunk.css ?? []))
    }
    modules.forEach(visit)
    const links = [
      ...[...new Set(styles)].filter((file) => !template.includes(`/${file}"`)).map(stylesheet),
      // Low priority on signed-in field pages, so the early data request goes first (decision 010).
      ...scripts
        .filter((file) => !template.includes(`/${file}"`))
        .map(
          (file) =>
            `<link rel="modulepreload"${appName === 'field' && !prerendered ? ' fetchpriority="low"' : ''} crossorigin href="/${file}">`,
        ),
    ]
    const title = appName === 'field' ? 'Snapshot · StorageOps' : 'Admin · StorageOps'
    // Only the field tool installs (issue 19) and starts its data from the HTML (issue 17).
    let html = (
      appName === 'field'
        ? template
        : template.replace(/\s*<link rel="manifest"[^>]*>/, '').replace(/\s*<script>[\s\S]*?<\/script>/g, '')
    )
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace(/\s*<\/head>/, () => `\n    ${links.join('\n    ')}\n  </head>`)
    if (prerendered && prerenderedLogin) {
      // Stylesheets loaded for print, applied by the app before it renders (lib/prerendered-login.ts, decision 010).
      html = html
        .replaceAll('<link rel="stylesheet"', '<link rel="stylesheet" media="print" data-media="all"')
        .replace('<div id="root"></div>', () => `<div id="root">${prerenderedLogin}</div>`)
    }
    const body = Buffer.from(html)
    return {
      body,
      br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(body, { level: 9 }),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    }
  }

  return {
    sendPage(request: FastifyRequest, reply: FastifyReply) {
      const appName = appForHost(request.headers.host)
      const { modules, prerendered } = pageOf(appName, request.url.split('?')[0]!)
      const key = `${appName} ${prerendered} ${modules.join(' ')}`
      let page = pages.get(key)
      if (!page) pages.set(key, (page = render(appName, modules, prerendered)))
      if (appName === 'field') allowInlineScripts(reply.raw)
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding')
        .header('etag', page.etag)
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send()
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip'])
      if (encoding === 'br' || encoding === 'gzip')
        return reply.header('content-encoding', encoding).send(page[encoding])
      return reply.send(page.body)
    },
  }
}
