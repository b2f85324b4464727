import { expect, test } from '@playwright/test'
import type { Notification, NotificationList } from '@storageops/contracts/notifications'
import { pushTextOf } from '@storageops/contracts/notification-texts'
import { FIELD_URL, signInField } from './fixtures.ts'
import { createTaskForRoleAs, taskApi } from './tasks-api.ts'

test.use({ serviceWorkers: 'allow' })

const SITE = 'TX106'

/**
 * Headless Chromium has no push service (PushManager.subscribe() is refused in Playwright's off-the-record contexts
 * and waits for Google's FCM in a profile on disk), so the push comes from DevTools: ServiceWorker.deliverPushMessage
 * hands the field tool's worker the payload the server encrypts for a subscription, and the worker's
 * registration.getNotifications() lists what it showed.
 */
test("a push reaching the field tool's service worker shows the task's notification, linked to the task", async ({
  browser,
  context,
  page,
}) => {
  await context.grantPermissions(['notifications'], { origin: FIELD_URL })
  await signInField(page, 'csagent')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)

  const task = await createTaskForRoleAs(browser, 'pmanager', SITE, 'customer_service', `Pushed ${Date.now()}`)
  let notification: Notification | undefined
  await expect
    .poll(async () => {
      const list = (await taskApi<NotificationList>(page, 'GET', '/api/notifications?page_size=50')).body
      notification = list.entries.find((entry) => entry.task_id === task.id)
      return notification
    })
    .toBeDefined()

  const cdp = await context.newCDPSession(page)
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations))
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.find((entry) => entry.scopeURL === `${FIELD_URL}/`)).toBeDefined()
  const registration = registrations.find((entry) => entry.scopeURL === `${FIELD_URL}/` && !entry.isDeleted)!
  // The payload as the server's push job encrypts it (notifications.service.ts pushToSubscription).
  const payload = { ...pushTextOf(notification!), id: notification!.id }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: FIELD_URL,
    registrationId: registration.registrationId,
    data: JSON.stringify(payload),
  })

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((entry) => ({
        title: entry.title,
        body: entry.body,
        tag: entry.tag,
        url: (entry.data as { url: string }).url,
      })),
    )
  await expect.poll(shown).toContainEqual({
    title: task.task_type.title,
    body: `${notification!.facility_name}: new task for your role by Parker Dawson`,
    tag: `notification-${notification!.id}`,
    url: `/snapshot/task-details/${SITE}/${task.id}`,
  })
})
