import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { pathToFileURL } from 'node:url'
import { FIELD_PAGES } from '../../packages/contracts/src/field-pages.ts'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

/**
 * The JavaScript a first visit downloads, from a production build's manifest: the entry with its
 * static imports, the app chunk and the page chunk (with the shared header for field pages), gzipped
 * and brotli'd as the server sends them. Also checks every field page for admin code and zod (issue 17).
 */
export async function runBundleBench(): Promise<string[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-web-'))
  // Which source modules each output chunk holds, to find admin code and zod in a page's files.
  const modulesOf = new Map<string, string[]>()
  const recordModules = {
    name: 'bench-modules-per-chunk',
    generateBundle(_options: unknown, bundle: Record<string, { type: string; modules?: Record<string, unknown> }>) {
      for (const [file, output] of Object.entries(bundle))
        if (output.type === 'chunk') modulesOf.set(file, Object.keys(output.modules ?? {}))
    },
  }
  // Vite is the web app's own dependency (apps/web/node_modules), not the root's.
  const { build } = (await import(
    pathToFileURL(path.resolve('apps/web/node_modules/vite/dist/node/index.js')).href
  )) as {
    build: (config: Record<string, unknown>) => Promise<unknown>
  }
  try {
    await build({
      root: path.resolve('apps/web'),
      configFile: path.resolve('apps/web/vite.config.ts'),
      logLevel: 'error',
      plugins: [recordModules],
      build: { outDir, emptyOutDir: true },
    })
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >
    const closure = (keys: string[], seen = new Set<string>()) => {
      for (const key of keys) {
        if (seen.has(key) || !manifest[key]) continue
        seen.add(key)
        closure(manifest[key].imports ?? [], seen)
      }
      return seen
    }
    const files = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file)
    const size = (keys: Set<string>) => {
      let gzip = 0
      let brotli = 0
      for (const file of files(keys)) {
        const bytes = fs.readFileSync(path.join(outDir, file))
        gzip += zlib.gzipSync(bytes, { level: 9 }).length
        brotli += zlib.brotliCompressSync(bytes).length
      }
      return `${(gzip / 1024).toFixed(1)} KiB gzipped (${(brotli / 1024).toFixed(1)} KiB brotli) JS in ${keys.size} files`
    }
    const css = (keys: Set<string>) =>
      [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))].reduce(
        (total, file) => total + zlib.brotliCompressSync(fs.readFileSync(path.join(outDir, file))).length,
        0,
      ) / 1024
    const holds = (keys: Set<string>, pattern: RegExp) =>
      files(keys).some((file) => (modulesOf.get(file) ?? []).some((id) => pattern.test(id)))
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
    const fieldPage = (page: (typeof FIELD_PAGES)[number]) =>
      closure([
        entry,
        'src/app/field-app.tsx',
        ...(page.layout ? ['src/app/routes/field/field-layout.tsx'] : []),
        `src/app/routes/field/${page.page}.tsx`,
      ])
    const adminCode = /\/src\/app\/(admin-app\.tsx|routes\/admin\/)/
    const zod = /\/node_modules\/zod\//
    const fieldLogin = fieldPage(FIELD_PAGES.find((page) => page.path === '/login')!)
    const adminLogin = closure([entry, 'src/app/admin-app.tsx', 'src/app/routes/admin/login-page.tsx'])
    const lines = [
      `field tool first page (/login): ${size(fieldLogin)}, ${css(fieldLogin).toFixed(1)} KiB brotli CSS`,
      `admin console first page (/login): ${size(adminLogin)}, ${css(adminLogin).toFixed(1)} KiB brotli CSS`,
    ]
    const pages = [...new Map(FIELD_PAGES.map((page) => [page.page, page])).values()]
    const leaks = pages.filter((page) => holds(fieldPage(page), adminCode)).map((page) => page.page)
    const withZod = pages.filter((page) => holds(fieldPage(page), zod)).map((page) => page.page)
    lines.push(
      `field tool pages with admin code: ${leaks.length === 0 ? 'none' : leaks.join(', ')}; with zod: ${withZod.length === 0 ? 'none' : withZod.join(', ')} (of ${pages.length} pages)`,
    )
    for (const path of ['/', '/:slug', '/snapshot/tasks-overview', '/:slug/map', '/snapshot/dashboard'])
      lines.push(`field tool ${path}: ${size(fieldPage(FIELD_PAGES.find((page) => page.path === path)!))}`)
    return lines
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('bundle-bench.ts')) {
  for (const line of await runBundleBench()) console.log(line)
}
