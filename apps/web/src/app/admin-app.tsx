import { createBrowserRouter, RouterProvider } from 'react-router'
import { adminRoutes } from './routes/admin/admin-routes.tsx'

const router = createBrowserRouter(adminRoutes)

export default function AdminApp() {
  return <RouterProvider router={router} />
}
