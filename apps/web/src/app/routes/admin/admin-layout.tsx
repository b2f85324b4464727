import { AppShell, Container } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { Outlet, useLocation } from 'react-router'
import { hasTrailingSlash } from '@storageops/contracts/field-pages'
import { useAdminLogout } from '../../../features/identity/api/admin-logout.ts'
import { useAdminSessionRefresh } from '../../../features/identity/api/admin-session.ts'
import { AdminTopBar } from './admin-top-bar.tsx'
import { ClerkPage } from './clerk-page.tsx'
import { FallbackPage } from './fallback-page.tsx'
import { useAdminUser } from './use-admin-user.ts'

/**
 * Users with is_clerk_role get the clerk app instead of the console (spec: admin-console-part-2 §1); a path with a
 * trailing slash is no page's (paths are exact, §2).
 */
export function AdminLayout() {
  const user = useAdminUser()
  const { pathname } = useLocation()
  const queryClient = useQueryClient()
  const logout = useAdminLogout({ forgetUserData: () => queryClient.clear() })
  useAdminSessionRefresh()

  if (user.is_clerk_role)
    return <ClerkPage user={user} onLogout={() => logout.mutate()} isLoggingOut={logout.isPending} />

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header withBorder style={{ height: 'auto', minHeight: 64 }}>
        <AdminTopBar user={user} onLogout={() => logout.mutate()} isLoggingOut={logout.isPending} />
      </AppShell.Header>
      <AppShell.Main bg="gray.0" mih="100dvh">
        <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
          {hasTrailingSlash(pathname) ? <FallbackPage /> : <Outlet />}
        </Container>
      </AppShell.Main>
    </AppShell>
  )
}
