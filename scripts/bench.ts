import fs from 'node:fs'
import { runBundleBench } from './bench/bundle-bench.ts'
import { runStartBench } from './bench/start-bench.ts'

/**
 * `npm run bench`: prints the figures the issues ask for. Timings vary with the machine; read them
 * as figures, not as pass/fail. Bounded: each part stops by itself.
 */
const parts: Array<[string, () => Promise<string[]>]> = [
  ['bundle', runBundleBench],
  ['start', runStartBench],
]
if (fs.existsSync('scripts/bench/tasks-bench.ts')) {
  const { runTasksBench } = (await import(`./bench/${'tasks-bench.ts'}`)) as { runTasksBench: () => Promise<string[]> }
  parts.push(['tasks API', runTasksBench])
}
if (fs.existsSync('scripts/bench/locations-bench.ts')) {
  const { runLocationsBench } = (await import(`./bench/${'locations-bench.ts'}`)) as {
    runLocationsBench: () => Promise<string[]>
  }
  parts.push(['locations admin API', runLocationsBench])
}
if (fs.existsSync('scripts/bench/dashboard-bench.ts')) {
  const { runDashboardBench } = (await import(`./bench/${'dashboard-bench.ts'}`)) as {
    runDashboardBench: () => Promise<string[]>
  }
  parts.push(['dashboard and brands reports API', runDashboardBench])
}
if (fs.existsSync('scripts/bench/unit-maps-bench.ts')) {
  const { runUnitMapsBench } = (await import(`./bench/${'unit-maps-bench.ts'}`)) as {
    runUnitMapsBench: () => Promise<string[]>
  }
  parts.push(['unit maps', runUnitMapsBench])
}
if (fs.existsSync('scripts/bench/content-bench.ts')) {
  const { runContentBench } = (await import(`./bench/${'content-bench.ts'}`)) as {
    runContentBench: () => Promise<string[]>
  }
  parts.push(['website content: public API and versions', runContentBench])
}
if (fs.existsSync('scripts/bench/page-load-bench.ts')) {
  const { runPageLoadBench } = (await import(`./bench/${'page-load-bench.ts'}`)) as {
    runPageLoadBench: () => Promise<string[]>
  }
  parts.push(['page loads on Slow 4G', runPageLoadBench])
}
if (fs.existsSync('scripts/bench/messaging-bench.ts')) {
  const { runMessagingBench } = (await import(`./bench/${'messaging-bench.ts'}`)) as {
    runMessagingBench: () => Promise<string[]>
  }
  parts.push(['messaging (outbox, history, lease terminations)', runMessagingBench])
}
if (fs.existsSync('scripts/bench/rates-bench.ts')) {
  const { runRatesBench } = (await import(`./bench/${'rates-bench.ts'}`)) as { runRatesBench: () => Promise<string[]> }
  parts.push(['rate uploads (validate, process, live log)', runRatesBench])
}
if (fs.existsSync('scripts/bench/media-bench.ts')) {
  const { runMediaBench } = (await import(`./bench/${'media-bench.ts'}`)) as { runMediaBench: () => Promise<string[]> }
  parts.push(['media library (uploads, file list, usage)', runMediaBench])
}
if (fs.existsSync('scripts/bench/auctions-bench.ts')) {
  const { runAuctionsBench } = (await import(`./bench/${'auctions-bench.ts'}`)) as {
    runAuctionsBench: () => Promise<string[]>
  }
  parts.push(['auctions (winners CSV, winner emails, history)', runAuctionsBench])
}
if (fs.existsSync('scripts/bench/read-targets-bench.ts')) {
  const { runReadTargetsBench } = (await import(`./bench/${'read-targets-bench.ts'}`)) as {
    runReadTargetsBench: () => Promise<string[]>
  }
  parts.push(['field-tool reads against issue 17 goals (scales 1 and 10)', runReadTargetsBench])
}
if (fs.existsSync('scripts/bench/ecri-bench.ts')) {
  const { runEcriBench } = (await import(`./bench/${'ecri-bench.ts'}`)) as { runEcriBench: () => Promise<string[]> }
  parts.push(['ECRI planner (candidates of every lease, preview)', runEcriBench])
}
if (fs.existsSync('scripts/bench/scale-bench.ts')) {
  const { runScaleBench } = (await import(`./bench/${'scale-bench.ts'}`)) as { runScaleBench: () => Promise<string[]> }
  parts.push(['list APIs and screens at the largest operator’s size (issue 30; BENCH_SCALES=1,27)', runScaleBench])
}
if (fs.existsSync('scripts/bench/walkthrough-bench.ts')) {
  const { runWalkthroughBench } = (await import(`./bench/${'walkthrough-bench.ts'}`)) as {
    runWalkthroughBench: (log: (line: string) => void) => Promise<string[]>
  }
  // Printed as measured, so a part that fails later keeps the figures it took.
  parts.push([
    'walkthroughs (phone, offline sync, API at scales 1 and 27)',
    () => runWalkthroughBench((line) => console.log(line)).then(() => []),
  ])
}
for (const [name, run] of parts) {
  console.log(`\n== ${name}`)
  for (const line of await run()) console.log(line)
}
