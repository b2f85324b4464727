import { describe, expect, test } from 'vitest'
import { forScale, seedCacheKey, seedSources } from './seed-cache.ts'

const sources = [
  { path: 'apps/server/drizzle/0001_a.sql', content: 'create table a ();' },
  { path: 'apps/server/src/seed/seed.ts', content: Buffer.from('export const seed = 1') },
]

describe('seedCacheKey', () => {
  test('is the same for the same files in any order, and names the scale', () => {
    const key = seedCacheKey(27, sources)
    expect(key).toMatch(/^scale27-[0-9a-f]{16}$/)
    expect(seedCacheKey(27, [...sources].reverse())).toBe(key)
  })

  test('changes with the scale, a file’s content, its path, or a file more', () => {
    const key = seedCacheKey(27, sources)
    expect(seedCacheKey(1, sources).slice('scale1-'.length)).toBe(key.slice('scale27-'.length))
    expect(seedCacheKey(1, sources)).not.toBe(key)
    const changed = [{ ...sources[0]!, content: 'create table a (id int);' }, sources[1]!]
    expect(seedCacheKey(27, changed)).not.toBe(key)
    const renamed = [{ ...sources[0]!, path: 'apps/server/drizzle/0002_a.sql' }, sources[1]!]
    expect(seedCacheKey(27, renamed)).not.toBe(key)
    expect(seedCacheKey(27, [...sources, { path: 'apps/server/drizzle/0003_b.sql', content: '' }])).not.toBe(key)
  })

  test('a path and content cut at another place make another key', () => {
    expect(seedCacheKey(1, [{ path: 'ab', content: 'c' }])).not.toBe(seedCacheKey(1, [{ path: 'a', content: 'bc' }]))
  })
})

test('the seed’s sources are the migrations and the seed’s code, without its tests', () => {
  const paths = seedSources().map((file) => file.path)
  expect(paths).toEqual(
    expect.arrayContaining(['apps/server/src/seed/seed.ts', 'apps/server/drizzle/meta/_journal.json']),
  )
  expect(paths.some((path) => path.endsWith('.sql'))).toBe(true)
  expect(paths.filter((path) => path.endsWith('.test.ts'))).toEqual([])
})

describe('forScale', () => {
  test('puts the scale in the template', () => {
    expect(forScale('postgres://h/bench{scale}', 27, [1, 27])).toBe('postgres://h/bench27')
  })

  test('a template without {scale} serves one scale only', () => {
    expect(forScale('postgres://h/bench', 27, [27])).toBe('postgres://h/bench')
    expect(() => forScale('postgres://h/bench', 27, [1, 27])).toThrow(/put \{scale\} in it/)
  })
})
