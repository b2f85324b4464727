import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { expect, test, vi } from 'vitest'

/** The service worker's push and click handlers (public/push-handler.js), run in a worker-like global of their own. */
const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/push-handler.js'), 'utf8')
const ORIGIN = 'http://snapshot.localhost:3000'
const TASK_PATH = '/snapshot/task-details/TX105/42'

interface FakeWindow {
  navigate: (url: string) => Promise<FakeWindow | null>
  focus: () => Promise<FakeWindow>
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: object) => void>()
  const shown: Array<{ title: string; options: NotificationOptions }> = []
  const clients = {
    matchAll: vi.fn(async (_options: object) => windows),
    openWindow: vi.fn(async (url: string) => ({ url })),
  }
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }),
    },
    clients,
  }
  vm.runInNewContext(source, { self, URL })
  /** Dispatches an event as the browser does and waits for what the handler gave to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    const waits: Array<Promise<unknown>> = []
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) })
    await Promise.all(waits)
  }
  return { shown, clients, dispatch }
}

const clickEvent = () => ({ notification: { close: vi.fn(), data: { url: TASK_PATH } } })

test("a push shows the task's title and text, tagged with the notification so a repeat replaces it", async () => {
  const worker = loadWorker()
  const payload = { title: 'Light Out · unit A101', body: 'El Paso Downtown #105: new task', url: TASK_PATH, id: 7 }
  await worker.dispatch('push', { data: { json: () => payload } })
  expect(worker.shown).toEqual([
    {
      title: 'Light Out · unit A101',
      options: { body: payload.body, icon: '/icons/icon-192.png', tag: 'notification-7', data: { url: TASK_PATH } },
    },
  ])
})

test('a click with no field tool window open closes the notification and opens the task in a new window', async () => {
  const worker = loadWorker()
  const event = clickEvent()
  await worker.dispatch('notificationclick', event)
  expect(event.notification.close).toHaveBeenCalled()
  expect(worker.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true })
  expect(worker.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${TASK_PATH}`)
})

test('a click with the field tool open takes that window to the task and focuses it', async () => {
  const client: FakeWindow = {
    navigate: vi.fn(async () => client),
    focus: vi.fn(async () => client),
  }
  const worker = loadWorker([client])
  await worker.dispatch('notificationclick', clickEvent())
  expect(client.navigate).toHaveBeenCalledWith(`${ORIGIN}${TASK_PATH}`)
  expect(client.focus).toHaveBeenCalled()
  expect(worker.clients.openWindow).not.toHaveBeenCalled()
})

test('a click while the open window cannot be navigated by the worker opens the task in a new window', async () => {
  const client: FakeWindow = {
    navigate: vi.fn(async () => Promise.reject(new TypeError('Cannot navigate a client it does not control'))),
    focus: vi.fn(async () => client),
  }
  const worker = loadWorker([client])
  await worker.dispatch('notificationclick', clickEvent())
  expect(worker.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${TASK_PATH}`)
})
