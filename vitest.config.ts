import { defineConfig } from 'vitest/config'

const serverTests = ['apps/server/src/**/*.test.ts']

/**
 * Three projects: pure unit tests; API tests on embedded PGlite; the same API tests on a throwaway
 * real PostgreSQL cluster that scripts/pg-cluster.ts creates (and skips with a notice when it cannot).
 * The API projects import the server's modules once per worker, not once per file (`isolate: false`): each file
 * still builds its own app and database, and no module-level state outlives a file (decision 027).
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
          isolate: false,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['scripts/pglite-seed.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: serverTests,
          isolate: false,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['scripts/pg-cluster.ts'],
        },
      },
    ],
  },
})
