import type { RunnerTestCase } from 'vitest'
import { defineConfig } from 'vitest/config'
import type { Reporter, Vitest } from 'vitest/node'
import base from '../vitest.config.ts'

/** Stryker's Vitest: only `MUTATION_PROJECT` and the globs of `MUTATION_TEST_FILES`, so a mutant runs only its area's tests. */
const project = process.env.MUTATION_PROJECT ?? 'unit'
const testFiles = process.env.MUTATION_TEST_FILES?.split(',').filter(Boolean)

/**
 * A mutant that makes a module throw while it loads (e.g. an Intl option mutated to '') fails every test
 * file importing it before any test is collected. Vitest reports such a file as failed with no tests, and
 * Stryker's runner, which reads tests only, would count the mutant as survived; this reporter adds the
 * file's load failure as a failed test so the mutant counts as killed.
 */
class LoadFailuresAsTests implements Reporter {
  private vitest?: Vitest

  onInit(vitest: Vitest) {
    this.vitest = vitest
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue
      const name = 'the test file loads'
      const failure = {
        type: 'test',
        id: `${file.id}_load`,
        name,
        fullName: name,
        mode: 'run',
        file,
        suite: file,
        meta: {},
      }
      file.tasks.push({
        ...failure,
        result: { state: 'fail', errors: file.result.errors },
      } as unknown as RunnerTestCase)
    }
  }
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    reporters: [new LoadFailuresAsTests()],
    projects: (base.test?.projects ?? []).flatMap((entry) =>
      typeof entry === 'object' && 'test' in entry && entry.test?.name === project
        ? [{ ...entry, test: { ...entry.test, ...(testFiles?.length ? { include: testFiles } : {}) } }]
        : [],
    ),
  },
})
