import { useEffect, useState } from 'react'
import { Button } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useRouteError } from 'react-router'
import { MessagePage } from './message-page.tsx'
import { PageLoader } from './page-loader.tsx'

/** Chromium, Firefox and Safari's words for a page's code that could not be fetched (a new version replaced it). */
const STALE_CODE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i
const RELOADED_KEY = 'route-error-reloaded'
const reloadedLately = () => Date.now() - Number(sessionStorage.getItem(RELOADED_KEY) ?? 0) < 60_000

/**
 * Error page of both apps' root route, instead of React Router's developer page. A page whose code is gone after an
 * update (an open tab asking for the previous version's file) reloads once to get the new version; anything else,
 * or the same failure again within a minute, says so with a Reload button.
 */
export function RouteError() {
  const error = useRouteError()
  const isStaleCode = error instanceof Error && STALE_CODE.test(error.message)
  const [isReloading] = useState(() => isStaleCode && !reloadedLately())
  useEffect(() => {
    if (!isReloading) return
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()))
    window.location.reload()
  }, [isReloading])
  if (isReloading) return <PageLoader />
  return (
    <MessagePage
      icon={IconAlertTriangle}
      color="red"
      title="This page could not be shown"
      actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
    >
      {isStaleCode
        ? 'The page could not be loaded. Check the connection and reload.'
        : 'Something went wrong on this page. Reload to try again; what you saved is kept.'}
    </MessagePage>
  )
}
