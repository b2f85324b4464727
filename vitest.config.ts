import { defineConfig } from 'vitest/config'

const serverTests = ['apps/server/src/**/*.test.ts']

/**
 * Three projects: pure unit tests; API tests on embedded PGlite; the same API tests on a throwaway
 * real PostgreSQL cluster that scripts/pg-cluster.ts creates (and skips with a notice when it cannot).
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['scripts/pglite-seed.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: serverTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['scripts/pg-cluster.ts'],
        },
      },
    ],
  },
})
