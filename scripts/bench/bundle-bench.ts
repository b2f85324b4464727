import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

/**
 * Gzipped JavaScript a first visit downloads: the entry with its static imports, the app chunk
 * and the route chunk of the first page, from Vite's build manifest.
 */
export async function runBundleBench(): Promise<string[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-web-'))
  try {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--manifest'], {
      cwd: 'apps/web',
      stdio: 'inherit',
    })
    if (build.status !== 0) throw new Error('vite build failed')
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
    const gzipKb = (keys: Set<string>) =>
      [...keys].reduce(
        (total, key) => total + zlib.gzipSync(fs.readFileSync(path.join(outDir, manifest[key]!.file))).length,
        0,
      ) / 1024
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!
    const page = (app: string, route: string) => closure([entry, `src/app/${app}.tsx`, `src/app/routes/${route}.tsx`])
    const field = page('field-app', 'field/login')
    const admin = page('admin-app', 'admin/login')
    const fieldFiles = [...field].map((key) => manifest[key]!.file)
    const leaksAdmin = fieldFiles.some((file) => file.includes('admin-app'))
    return [
      `field tool first page (/login): ${gzipKb(field).toFixed(1)} KiB gzipped JS in ${field.size} files${leaksAdmin ? ' (INCLUDES admin code!)' : ', no admin code'}`,
      `admin console first page (/login): ${gzipKb(admin).toFixed(1)} KiB gzipped JS in ${admin.size} files`,
    ]
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}
