import { useEffect, useState } from 'react'
import { Button } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { PUBLISH_COOLDOWN_SECONDS, PUBLISH_MESSAGES } from '@storageops/contracts/publish-contents'
import { ApiError } from '../../../lib/api.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { usePublishContents, usePublishCooldown } from '../api/publish-contents.ts'

/** Whole seconds until `until` (ms since the epoch), ticking; `restart` reads the clock again. */
function useSecondsLeft(until: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until <= now) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [until, now])
  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), restart: () => setNow(Date.now()) }
}

/** Rebuild CMS Pages (spec: admin-console-part-1 §4, §8): disabled for the cooldown the server says is left. */
export function RebuildCmsButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const publish = usePublishContents()
  const cooldown = usePublishCooldown()
  const [clickedUntil, setClickedUntil] = useState(0)
  const serverSeconds = cooldown.data?.cooldown_remaining_seconds ?? 0
  const serverUntil = serverSeconds > 0 ? cooldown.dataUpdatedAt + serverSeconds * 1000 : 0
  const { secondsLeft, restart } = useSecondsLeft(Math.max(clickedUntil, serverUntil))

  const startCooldown = (seconds: number) => {
    restart()
    setClickedUntil((current) => Math.max(current, Date.now() + seconds * 1000))
  }

  const handleClick = () => {
    startCooldown(PUBLISH_COOLDOWN_SECONDS)
    publish.mutate(undefined, {
      onSuccess: () => showToast(PUBLISH_MESSAGES.success, 'success'),
      onError: (error) => {
        // Someone else rebuilt meanwhile: the server's text says how long to wait, and its cooldown is read again.
        const isTooSoon = error instanceof ApiError && error.status === 429
        if (isTooSoon) void cooldown.refetch()
        showToast(isTooSoon ? errorMessage(error, PUBLISH_MESSAGES.failure) : PUBLISH_MESSAGES.failure, 'error')
      },
    })
  }

  return (
    <Button
      variant="light"
      fullWidth={fullWidth}
      leftSection={<IconRefresh size={18} aria-hidden />}
      loading={publish.isPending}
      disabled={secondsLeft > 0}
      onClick={handleClick}
      rightSection={secondsLeft > 0 ? `${secondsLeft}s` : undefined}
    >
      Rebuild CMS Pages
    </Button>
  )
}
