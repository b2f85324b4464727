/** Issue 30's goals, as the scale bench prints them. */
export const GOALS = {
  /** A list API's req/s at the largest scale against the smallest's. */
  throughputRatio: 0.5,
  p99Ms: 50,
  /** The facility list's 304 against hello-world's req/s. */
  notModifiedRatio: 0.05,
  desktopMs: 1000,
  phoneMs: 3000,
  inputMs: 100,
}

export interface ReadFigures {
  rps: number
  p99: number
  /** Bytes on the wire per answer (compressed, headers included). */
  bytesPerAnswer: number
  /** The answer's JSON, uncompressed. */
  jsonBytes: number
  failed: number
}
/** Figures, or why there are none ('not paged yet', 'answers 404', …). */
export type ReadOutcome = ReadFigures | { skipped: string }

export interface InputFigures {
  input: string
  /** Event Timing's duration of the input's events (input to the next paint), the longest; null when none reached 16 ms. */
  nextPaintMs: number | null
  /** Input to the frame whose rows differ; null when they did not within the wait. */
  rowsMs: number | null
  /** Why there are no figures: no such control, not sortable, …, or the input failed (`failed`). */
  note?: string
  failed?: boolean
}

export interface ScreenFigures {
  desktopMs: number | null
  phoneMs: number | null
  rows: number
  elements: number
  inputs: InputFigures[]
  note?: string
}

/** The value of the sample `name{labels}` in Prometheus's text format (labels as the server writes them), or null. */
export function metricSample(text: string, name: string, labels = ''): number | null {
  const prefix = `${name}${labels ? `{${labels}}` : ''} `
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix))
  return line === undefined ? null : Number(line.slice(prefix.length))
}

const isFigures = (outcome: ReadOutcome | undefined): outcome is ReadFigures =>
  outcome !== undefined && !('skipped' in outcome)

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${Math.round(bytes)} B`

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`)
const rate = (rps: number) => (rps >= 100 ? Math.round(rps).toString() : rps.toFixed(1))

/** `met`, or `not met` with what missed. */
export function readVerdict(small: ReadFigures, large: ReadFigures): string {
  const ratio = large.rps / Math.max(small.rps, 0.001)
  const misses = [
    ...(ratio < GOALS.throughputRatio ? [`${ratio.toFixed(2)}× < ${GOALS.throughputRatio}×`] : []),
    ...(large.p99 > GOALS.p99Ms ? [`p99 > ${GOALS.p99Ms} ms`] : []),
    ...(large.failed > 0 ? [`${large.failed} failed`] : []),
  ]
  return misses.length === 0 ? 'met' : `not met (${misses.join(', ')})`
}

const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`

/**
 * The list APIs at each scale side by side (a Markdown table): req/s and p99 per scale, the largest scale's against
 * the smallest's, the answer's size at the largest, and the goal (≥ 0.5×, p99 ≤ 50 ms).
 */
export function readsTable(
  reads: ReadonlyArray<{ name: string; url: string; byScale: ReadonlyMap<number, ReadOutcome> }>,
  scales: readonly number[],
): string[] {
  const small = scales[0]!
  const large = scales.at(-1)!
  const compared = scales.length > 1
  const lines = [
    row([
      'list API',
      ...scales.flatMap((scale) => [`scale ${scale} req/s`, `p99`]),
      ...(compared ? [`${large} vs ${small}`] : []),
      `answer at ${large} (JSON / sent)`,
      ...(compared ? ['goal ≥ 0.5×, p99 ≤ 50 ms'] : []),
    ]),
    row(Array.from({ length: 2 + scales.length * 2 + (compared ? 2 : 0) }, () => '---')),
  ]
  for (const read of reads) {
    const outcomes = scales.map((scale) => read.byScale.get(scale))
    const first = outcomes[0]
    const last = outcomes.at(-1)
    const cells = outcomes.flatMap((outcome) =>
      isFigures(outcome)
        ? [`${rate(outcome.rps)}${outcome.failed ? ` (${outcome.failed} failed)` : ''}`, `${outcome.p99} ms`]
        : [outcome ? outcome.skipped : 'not measured', ''],
    )
    const both = isFigures(first) && isFigures(last)
    lines.push(
      row([
        `${read.name} (\`${read.url}\`)`,
        ...cells,
        ...(compared ? [both ? `${(last.rps / Math.max(first.rps, 0.001)).toFixed(2)}×` : ''] : []),
        isFigures(last) ? `${formatBytes(last.jsonBytes)} / ${formatBytes(last.bytesPerAnswer)}` : '',
        ...(compared ? [both ? readVerdict(first, last) : ''] : []),
      ]),
    )
  }
  return lines
}

const inputCell = (input: InputFigures) => {
  const paint = input.nextPaintMs === null ? '< 16 ms' : `${input.nextPaintMs} ms`
  const rows = input.rowsMs === null ? 'rows unchanged' : `rows ${Math.round(input.rowsMs)} ms`
  return input.note
    ? `${input.input}: ${input.note}${input.failed ? ' ✗' : ''}`
    : `${input.input}: paint ${paint}${isInputMet(input) ? '' : ' ✗'}, ${rows}`
}

const isInputMet = (input: InputFigures) =>
  !input.failed && (input.nextPaintMs === null || input.nextPaintMs <= GOALS.inputMs)

/**
 * The list screens at each scale side by side (a Markdown table): first usable rows on the desktop and cold on a
 * Slow 4G phone per scale, then at the largest scale the rows and elements in the page and each input's
 * input-to-next-paint and time to the changed rows, and the goals (≤ 1.0 s, ≤ 3.0 s, ≤ 100 ms).
 */
export function screensTable(
  screens: ReadonlyArray<{ name: string; path: string; byScale: ReadonlyMap<number, ScreenFigures | string> }>,
  scales: readonly number[],
): string[] {
  const large = scales.at(-1)!
  const lines = [
    row([
      'list screen',
      ...scales.flatMap((scale) => [`desktop ${scale}`, `phone ${scale}`]),
      `rows / elements at ${large}`,
      `inputs at ${large}`,
      `goals at ${large}`,
    ]),
    row(Array.from({ length: 4 + scales.length * 2 }, () => '---')),
  ]
  for (const screen of screens) {
    const outcomes = scales.map((scale) => screen.byScale.get(scale))
    const last = outcomes.at(-1)
    const figures = typeof last === 'object' ? last : null
    const goals = figures
      ? [
          figures.desktopMs !== null && figures.desktopMs <= GOALS.desktopMs ? 'desktop met' : 'desktop not met',
          figures.phoneMs !== null && figures.phoneMs <= GOALS.phoneMs ? 'phone met' : 'phone not met',
          figures.desktopMs === null
            ? 'inputs not measured'
            : figures.inputs.every(isInputMet)
              ? 'inputs met'
              : 'inputs not met',
        ].join(', ')
      : ''
    lines.push(
      row([
        `${screen.name} (\`${screen.path}\`)`,
        ...outcomes.flatMap((outcome) =>
          typeof outcome === 'object'
            ? [seconds(outcome.desktopMs), seconds(outcome.phoneMs)]
            : [outcome ?? 'not measured', ''],
        ),
        figures ? `${figures.rows} / ${figures.elements}` : '',
        figures ? [...figures.inputs.map(inputCell), ...(figures.note ? [figures.note] : [])].join('; ') : '',
        goals,
      ]),
    )
  }
  return lines
}
