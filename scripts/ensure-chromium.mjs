import fs from 'node:fs'
import { aptInstall } from './apt-install.mjs'

/** The browser the end-to-end tests drive: Debian's chromium, installed with apt-get when missing and we are root. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH
  aptInstall(['chromium', 'fonts-dejavu-core'], `Chromium (${CHROMIUM_PATH})`)
  return CHROMIUM_PATH
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
