/** Query keys of the ECRI planner: a run's reads share its key, so one invalidation refreshes them all. */
export const ecriKeys = {
  runs: ['ecri', 'runs'] as const,
  rentRoll: ['ecri', 'rent-roll'] as const,
  run: (id: number) => ['ecri', 'run', id] as const,
  candidates: (id: number, query: string) => ['ecri', 'run', id, 'candidates', query] as const,
  facilities: (id: number, page: number) => ['ecri', 'run', id, 'facilities', page] as const,
}
