import fs from 'node:fs'
import path from 'node:path'

/** Features the field tool may use; a screen of it that needs another one adds it here on purpose. */
export const FIELD_TOOL_FEATURES = [
  'brand-reports',
  'dashboard',
  'facilities',
  'gate-codes',
  'identity',
  'notifications',
  'tasks',
  'unit-maps',
  'walkthroughs',
]

const CONTRACTS = 'packages/contracts/src'
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm

const GLOB = /import\.meta\.glob(?:<[^(]*>)?\(\s*(\[[^\]]*\]|'[^']*')/g

function valueImports(file) {
  return [...fs.readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)].map((match) => match[1] ?? match[2])
}

/** Files matched by the `import.meta.glob` calls of a module (patterns with `*` in the file name; `!` excludes). */
function globImports(root, file) {
  const dir = path.posix.dirname(file)
  const found = new Set()
  for (const [, list] of fs.readFileSync(path.join(root, file), 'utf8').matchAll(GLOB)) {
    const patterns = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1])
    const toRegex = (pattern) =>
      new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`)
    const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => toRegex(pattern.slice(1)))
    for (const pattern of patterns.filter((candidate) => !candidate.startsWith('!'))) {
      const folder = path.posix.dirname(pattern)
      const name = toRegex(path.posix.basename(pattern))
      for (const entry of fs.readdirSync(path.join(root, dir, folder))) {
        const relative = `${folder}/${entry}`
        if (name.test(entry) && !excluded.some((regex) => regex.test(relative))) found.add(relative)
      }
    }
  }
  return [...found]
}

/** Contracts modules that load zod at run time, directly or through another contracts module. */
export function zodBearingContracts(root = '.') {
  const dir = path.join(root, CONTRACTS)
  const modules = fs.readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  const imports = new Map(modules.map((name) => [name, valueImports(path.join(dir, name))]))
  const bearing = new Set(
    modules.filter((name) => imports.get(name).some((spec) => spec === 'zod' || spec.startsWith('zod/'))),
  )
  for (let grew = true; grew;) {
    grew = false
    for (const name of modules) {
      if (bearing.has(name)) continue
      if (imports.get(name).some((spec) => bearing.has(path.basename(spec)))) {
        bearing.add(name)
        grew = true
      }
    }
  }
  return [...bearing].map((name) => name.replace(/\.ts$/, '')).sort()
}

/** Every web module the field tool loads: the providers, field-app.tsx and what they import (statically or lazily), by value. */
export function fieldToolModules(root = '.') {
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file) || !fs.existsSync(path.join(root, file))) return
    seen.add(file)
    for (const spec of [...valueImports(path.join(root, file)), ...globImports(root, file)])
      if (spec.startsWith('.')) visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
  }
  visit('apps/web/src/app/providers.tsx')
  visit('apps/web/src/app/field-app.tsx')
  return [...seen].filter((file) => /\.tsx?$/.test(file)).sort()
}

/**
 * The field tool stays light (issue 11): its modules import no zod-bearing module by value (types are
 * free), no admin screen, no admin form machinery and no feature outside FIELD_TOOL_FEATURES. Uses
 * @typescript-eslint/no-restricted-imports so the feature boundaries (core no-restricted-imports) still apply.
 */
export function fieldToolZone(root = '.') {
  const message = 'The field tool stays light: this would load zod or admin code into its pages.'
  return {
    files: fieldToolModules(root),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message },
            { name: '@mantine/form', message },
            ...zodBearingContracts(root).map((name) => ({
              name: `@storageops/contracts/${name}`,
              message: `${message} Import only its types (import type).`,
              allowTypeImports: true,
            })),
          ],
          patterns: [
            { regex: '^zod/', message },
            { regex: '(^|/)admin/|(^|/)admin-app|(^|/)use-schema-form', message },
            { regex: `(^|/)features/(?!(${FIELD_TOOL_FEATURES.join('|')})/)`, message },
          ],
        },
      ],
    },
  }
}
