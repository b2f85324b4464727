/* global self */
// Web Push of notifications on assignment (issue 19; decision 020), imported by the Workbox service worker.
// The payload is { title, body, url, id } (pushTextOf in contracts notifications.ts); a click opens the task.
self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : { title: 'Snapshot', body: 'A task was assigned to your role.' }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      tag: message.id ? `notification-${message.id}` : undefined,
      data: { url: message.url || '/' },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(event.notification.data.url, self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => 'focus' in client)
      if (!open) return self.clients.openWindow(url)
      // A window this worker does not control cannot be navigated by it: the task opens in a new one.
      return open.navigate(url).then(
        (client) => (client || open).focus(),
        () => self.clients.openWindow(url),
      )
    }),
  )
})
