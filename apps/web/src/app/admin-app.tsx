import { createBrowserRouter, RouterProvider } from 'react-router'
import { adminRoutes } from './routes/admin/admin-routes.tsx'

const router = createBrowserRouter(adminRoutes)

/** The admin console, chosen by host (spec: admin-console-part-1, admin-console-part-2). */
export default function AdminApp() {
  return <RouterProvider router={router} />
}
