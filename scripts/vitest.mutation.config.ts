import { defineConfig } from 'vitest/config'
import base from '../vitest.config.ts'

/**
 * The Vitest configuration Stryker runs (npm run mutation, stryker.config.mjs): the project of
 * `MUTATION_PROJECT` only (`unit` for the contracts rules, `api-pglite` for the server services), limited
 * to the test files of `MUTATION_TEST_FILES` (comma-separated globs), so a service mutant never starts
 * the PostgreSQL cluster nor runs another area's tests.
 */
const project = process.env.MUTATION_PROJECT ?? 'unit'
const testFiles = process.env.MUTATION_TEST_FILES?.split(',').filter(Boolean)

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects ?? []).flatMap((entry) =>
      typeof entry === 'object' && 'test' in entry && entry.test?.name === project
        ? [{ ...entry, test: { ...entry.test, ...(testFiles?.length ? { include: testFiles } : {}) } }]
        : [],
    ),
  },
})
