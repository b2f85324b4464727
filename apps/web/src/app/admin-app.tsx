import { createBrowserRouter, RouterProvider } from 'react-router'
import { PageLoader } from '../components/ui/page-loader.tsx'
import { RouteError } from '../components/ui/route-error.tsx'
import { adminRoutes } from './routes/admin/admin-routes.tsx'

// The root route's fallback shows while the first page's code loads (without it React Router warns on every load).
const router = createBrowserRouter([
  { hydrateFallbackElement: <PageLoader />, errorElement: <RouteError />, children: adminRoutes },
])

export default function AdminApp() {
  return <RouterProvider router={router} />
}
