import fs from 'node:fs'
import prettier from 'prettier'
import type { z } from 'zod'
import { EnvSchema } from '../apps/server/src/env.ts'

/**
 * Writes the settings table of docs/configuration.md from env.ts's schema (each setting's `description`, and
 * `defaultText` or else the schema's default), between the two markers; the text around them is kept.
 * `--check` writes nothing and exits 1 when the file is not what it would write (npm run lint, npm test).
 */

const FILE = 'docs/configuration.md'
const START = '<!-- settings:start — written by `npm run docs:configuration` from apps/server/src/env.ts -->'
const END = '<!-- settings:end -->'

interface SettingMeta {
  description?: string
  defaultText?: string
}

function schemaDefault(schema: z.ZodType): unknown {
  const def = schema.def as { type: string; defaultValue?: unknown }
  return def.type === 'default' ? def.defaultValue : undefined
}

export function settingsTable(): string {
  const rows = Object.entries(EnvSchema.shape).map(([name, schema]) => {
    const meta = (schema.meta() ?? {}) as SettingMeta
    if (!meta.description) throw new Error(`${name} in apps/server/src/env.ts has no .meta({ description })`)
    const value = schemaDefault(schema)
    const shown =
      meta.defaultText ??
      (value === undefined || value === '' ? '—' : `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``)
    return `| \`${name}\` | ${shown} | ${meta.description.replaceAll('|', '\\|')} |`
  })
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n')
}

async function render(current: string): Promise<string> {
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${FILE} lacks the markers ${START} … ${END}`)
  const text = `${current.slice(0, start + START.length)}\n\n${settingsTable()}\n\n${current.slice(end)}`
  const options = await prettier.resolveConfig(FILE)
  return prettier.format(text, { ...options, filepath: FILE })
}

const current = fs.readFileSync(FILE, 'utf8')
const wanted = await render(current)
if (process.argv.includes('--check')) {
  if (wanted !== current) {
    console.error(`${FILE} is not current with apps/server/src/env.ts: run npm run docs:configuration`)
    process.exit(1)
  }
} else if (wanted !== current) {
  fs.writeFileSync(FILE, wanted)
  console.log(`${FILE} written`)
}
