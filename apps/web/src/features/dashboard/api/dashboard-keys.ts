/** Query keys of the Dashboard. A brands-report submit invalidates `all` (see features/brand-reports create-brands-report). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: ['dashboard', 'overview'] as const,
  embed: ['dashboard', 'embed'] as const,
  report: ['dashboard', 'analytics-report'] as const,
}
