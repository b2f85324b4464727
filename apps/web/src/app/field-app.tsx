import { createBrowserRouter, RouterProvider } from 'react-router'
import { fieldRoutes } from './routes/field/field-routes.tsx'

const router = createBrowserRouter(fieldRoutes)

export default function FieldApp() {
  return <RouterProvider router={router} />
}
