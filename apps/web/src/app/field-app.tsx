import { createBrowserRouter, RouterProvider } from 'react-router'
import { fieldRoutes } from './routes/field/field-routes.tsx'

const router = createBrowserRouter(fieldRoutes)

/** The field tool ("snapshot"), chosen by host (spec: snapshot-field-tool). */
export default function FieldApp() {
  return <RouterProvider router={router} />
}
