import { execSync } from 'node:child_process'
import fs from 'node:fs'

/** The browser the end-to-end tests drive: Debian's chromium, installed with apt-get when missing and we are root. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH
  if (process.getuid?.() !== 0)
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}; install Debian's chromium package`)
  console.log('[e2e] installing Debian chromium…')
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null',
    { stdio: 'inherit' },
  )
  return CHROMIUM_PATH
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
