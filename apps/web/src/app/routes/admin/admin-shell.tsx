import { ModalsProvider } from '@mantine/modals'
import { AdminLayout } from './admin-layout.tsx'

/** The signed-in admin console: the layout with its confirm modals, loaded after sign-in (the login page needs neither). */
export function AdminShell() {
  return (
    <ModalsProvider>
      <AdminLayout />
    </ModalsProvider>
  )
}
