import { useEffect, useState } from 'react'
import { Button } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { PUBLISH_COOLDOWN_SECONDS, PUBLISH_MESSAGES } from '@storageops/contracts/publish-contents'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { usePublishContents } from '../api/publish-contents.ts'

// Kept for the tab, so a reload does not re-enable the button early; the server refuses early rebuilds anyway.
const COOLDOWN_KEY = 'admin_publish_cooldown_until'

function readCooldownUntil(): number {
  const until = Number(sessionStorage.getItem(COOLDOWN_KEY))
  return Number.isFinite(until) ? until : 0
}

function useSecondsLeft(until: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until <= now) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [until, now])
  return Math.max(0, Math.ceil((until - now) / 1000))
}

/** Rebuild CMS Pages (spec: admin-console-part-1 §4, §8): disabled 60 s after a rebuild, or as long as a 429 says. */
export function RebuildCmsButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const publish = usePublishContents()
  const [until, setUntil] = useState(readCooldownUntil)
  const secondsLeft = useSecondsLeft(until)

  const startCooldown = (seconds: number) => {
    const next = Date.now() + seconds * 1000
    sessionStorage.setItem(COOLDOWN_KEY, String(next))
    setUntil(next)
  }

  const handleClick = () => {
    startCooldown(PUBLISH_COOLDOWN_SECONDS)
    publish.mutate(undefined, {
      onSuccess: () => showToast(PUBLISH_MESSAGES.success, 'success'),
      onError: (error) => {
        const retryAfter = error instanceof ApiError ? Number(error.body.retry_after_seconds) : NaN
        if (Number.isFinite(retryAfter) && retryAfter > 0) startCooldown(retryAfter)
        showToast(PUBLISH_MESSAGES.failure, 'error')
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
