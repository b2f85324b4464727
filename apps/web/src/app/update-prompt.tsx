import { useEffect, useState } from 'react'
import { Button, Group, Paper, Text } from '@mantine/core'
import { afterFirstPage } from '../lib/early-data.ts'

/** A page left open all shift still learns of a release (navigations check by themselves). */
const UPDATE_CHECK_MS = 60 * 60 * 1000
let registered = false
let hasAsked = false

/**
 * Registers the field tool's service worker (after the first page, so its code is not part of it) and, when a new
 * release has installed, says so and reloads on the user's word (issue 19); until then the open screen keeps working.
 */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null)
  const [isReloading, setReloading] = useState(false)

  useEffect(() => {
    if (registered || !('serviceWorker' in navigator)) return
    registered = true
    void afterFirstPage()
      .then(() => import('virtual:pwa-register'))
      .then(({ registerSW }) => {
        const updateSW = registerSW({
          onNeedRefresh: () => setUpdate(() => () => updateSW()),
          // The reload follows the new worker taking control (below), whoever started its update.
          onNeedReload: () => {},
          onRegisteredSW: (_url, registration) => {
            if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS)
          },
        })
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (hasAsked) window.location.reload()
        })
      })
  }, [])

  if (!update) return null
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      p="sm"
      style={{ position: 'fixed', bottom: 16, left: 16, right: 16, maxWidth: 420, marginInline: 'auto', zIndex: 300 }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          A new version is ready
        </Text>
        <Button
          size="xs"
          loading={isReloading}
          onClick={() => {
            setReloading(true)
            hasAsked = true
            void update()
          }}
        >
          Reload
        </Button>
      </Group>
    </Paper>
  )
}
