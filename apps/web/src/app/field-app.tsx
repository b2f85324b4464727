import { createBrowserRouter, RouterProvider } from 'react-router'
import { fieldRoutes } from './routes/field/field-routes.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

const router = createBrowserRouter(fieldRoutes)

export default function FieldApp() {
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </>
  )
}
