import { execSync } from 'node:child_process'

/**
 * Installs Debian packages with apt-get (the only outside source this machine reaches besides npm) for the tools the
 * tests and benchmarks drive: Chromium, the PostgreSQL server, wrk. Throws unless we are root.
 */
export function aptInstall(packages, why) {
  if (process.getuid?.() !== 0) throw new Error(`${why} is missing; install Debian's ${packages.join(', ')}`)
  console.log(`[apt] installing Debian ${packages.join(', ')}…`)
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')} >/dev/null`,
    { stdio: 'inherit' },
  )
}
