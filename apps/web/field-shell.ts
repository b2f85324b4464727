import fs from 'node:fs'
import path from 'node:path'

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}

// The toasts' host loads with the first toast (lib/toast.ts): offline, a queued write's toast needs it precached.
const FIELD_ROOTS = /^(index\.html|src\/app\/field-app\.tsx|src\/app\/toasts\.tsx|src\/app\/routes\/field\/[^/]+\.tsx)$/

/**
 * A test for the build files of the field tool's shell: the entry, the field app and every field page with
 * the chunks, styles and assets they import (the entry's lazy admin app aside), from Vite's manifest in `outDir`; plus the icons and
 * public files. Admin chunks fail it, so the service worker never precaches them.
 */
export function fieldShellFiles(outDir: string): (url: string) => boolean {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.add(chunk.file)
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
    if (key !== 'index.html') for (const imported of chunk.dynamicImports ?? []) visit(imported)
  }
  Object.keys(manifest)
    .filter((key) => FIELD_ROOTS.test(key))
    .forEach(visit)
  return (url) => files.has(url) || !url.startsWith('assets/')
}
