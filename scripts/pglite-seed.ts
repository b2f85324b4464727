import type { TestProject } from 'vitest/node'
import { buildPgliteSnapshot } from '../apps/server/src/test/seed-snapshot.ts'

/** Vitest global setup of the PGlite API tests: the seeded snapshot every test file starts from. */

export default async function setup(project: TestProject) {
  const { snapshot, remove } = await buildPgliteSnapshot()
  project.provide('seedSnapshot', snapshot)
  return remove
}
