/** One event of a Chromium trace (the Trace Event Format Chromium's Tracing domain writes). */
export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of a complete event, µs: unlike `dur`, it leaves out the time the thread was not running. */
  tdur?: number
  cat?: string
  args?: { name?: string }
}

/** Main-thread work of one frame: from one frame mark to the next, in ms. */
export interface FrameWork {
  busy: number
  /** The part of `busy` the thread spent running (thread time), without the time another process had the core. */
  cpu: number
  gc: number
  apart: number
}

const TASK = 'ThreadControllerImpl::RunTask'
const GC = new Set(['MinorGC', 'MajorGC'])

/**
 * The page's main-thread work per frame of a trace taken with the `devtools.timeline`, `toplevel` and
 * `blink.user_timing` categories: frames run from one `performance.mark(mark)` to the next; a frame's `busy` is the
 * time top-level tasks ran on that renderer's main thread inside it (the part of a task across a boundary is
 * split), `cpu` the thread time of those tasks (a task across a boundary in proportion), `gc` the garbage collection
 * among them, `apart` the time between the marks. `busy` and `gc` are wall-clock spans: on a loaded machine they
 * include the time the thread waited for a core inside a task (session 6's 25 ms p95 on a shared machine was that,
 * with 1.6–1.9 ms of `cpu`); `cpu` does not grow with the machine's load except through slower execution.
 */
export function mainThreadWorkPerFrame(events: readonly TraceEvent[], mark: string): FrameWork[] {
  const marks = events.filter((event) => event.name === mark && event.cat?.includes('user_timing'))
  if (marks.length < 2) return []
  const { pid, tid } = marks[0]!
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X')
  const tasks = onMain.filter((event) => event.name === TASK)
  const gcs = onMain.filter((event) => GC.has(event.name))
  const times = marks.map((event) => event.ts).sort((a, b) => a - b)
  /** The spans' time inside [from, to], in ms; with `thread`, their thread time in proportion to the part inside. */
  const within = (spans: readonly TraceEvent[], from: number, to: number, thread = false) =>
    spans.reduce((sum, span) => {
      const start = Math.max(span.ts, from)
      const end = Math.min(span.ts + (span.dur ?? 0), to)
      if (end <= start) return sum
      return sum + (thread ? ((span.tdur ?? 0) * (end - start)) / span.dur! : end - start)
    }, 0) / 1000
  return times.slice(1).map((to, at) => {
    const from = times[at]!
    return {
      busy: within(tasks, from, to),
      cpu: within(tasks, from, to, true),
      gc: within(gcs, from, to),
      apart: (to - from) / 1000,
    }
  })
}

/** p50, p95 and max of `values`. */
export function percentiles(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    p50: sorted[Math.floor(sorted.length / 2)] ?? NaN,
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? NaN,
    max: sorted.at(-1) ?? NaN,
  }
}
