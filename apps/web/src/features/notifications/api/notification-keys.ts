export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
}
