import { createBrowserRouter, RouterProvider } from 'react-router'
import { PageLoader } from '../components/ui/page-loader.tsx'
import { RouteError } from '../components/ui/route-error.tsx'
import { fieldRoutes } from './routes/field/field-routes.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

// The root route's fallback shows while the first page's code loads (without it React Router warns on every load).
const router = createBrowserRouter([
  { hydrateFallbackElement: <PageLoader />, errorElement: <RouteError />, children: fieldRoutes },
])

/**
 * Settles once the router has the first page's code, so a render then shows that page at once (main.tsx). Only for
 * a render that waits for it: React Router hands its first update to the first subscriber when none is there yet.
 */
export function fieldRouterReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve()
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}

export default function FieldApp() {
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </>
  )
}
