import { createBrowserRouter, RouterProvider } from 'react-router'
import { PageLoader } from '../components/ui/page-loader.tsx'
import { RouteError } from '../components/ui/route-error.tsx'
import { fieldRoutes } from './routes/field/field-routes.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

// The root route's fallback shows while the first page's code loads (without it React Router warns on every load).
const router = createBrowserRouter([
  { hydrateFallbackElement: <PageLoader />, errorElement: <RouteError />, children: fieldRoutes },
])

export default function FieldApp() {
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </>
  )
}
