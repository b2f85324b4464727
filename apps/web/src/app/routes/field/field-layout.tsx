import { useState } from 'react'
import { Alert, AppShell, Badge, Burger, Button, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { IconKey, IconLayoutDashboard, IconLayoutList, IconLogout } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, useLocation } from 'react-router'
import { countOf } from '@storageops/contracts/counts'
import { hasTrailingSlash } from '@storageops/contracts/field-pages'
import { formatDateTime } from '@storageops/contracts/date-time'
import type { FieldRole, FieldUser } from '@storageops/contracts/identity'
import { forgetLocations } from '../../../features/facilities/api/get-locations.ts'
import { GateCodeModal } from '../../../features/gate-codes/components/gate-code-modal.tsx'
import { SyncPanel } from '../../../features/tasks/components/sync-panel.tsx'
import { NotificationBell } from '../../../features/notifications/components/notification-bell.tsx'
import { useQueuedInspectionsSettled } from '../../../features/brand-reports/api/create-brands-report.ts'
import { draftSitesOf } from '../../../features/brand-reports/inspection-draft.ts'
import { useLogout } from '../../../features/identity/api/logout.ts'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'
import { AppBrand } from '../../../components/ui/app-brand.tsx'
import { LogoutButton } from '../../../components/ui/logout-button.tsx'
import { SignedInUser } from '../../../components/ui/signed-in-user.tsx'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { useLastFetched } from '../../../lib/offline-cache.ts'
import { clearWriteQueue, useWriteQueue, waitingCount } from '../../../lib/write-queue.ts'
import { NotFoundPage } from './not-found.tsx'

const ROLE_LABELS: Record<FieldRole, string> = {
  customer_service: 'Customer Service',
  property_manager: 'Property Manager',
  regional_manager: 'Regional Manager',
}

/** The header of the snapshot screens (spec: snapshot-field-tool §2); on a phone the actions fold into a menu. */
export function FieldLayout() {
  const session = useStoredSession<FieldUser>('field')
  const { pathname } = useLocation()
  const [gateCodeOpened, setGateCodeOpened] = useState(false)
  const [menuOpened, setMenuOpened] = useState(false)
  const queryClient = useQueryClient()
  const lastFetched = useLastFetched()
  const logout = useLogout({
    forgetUserData: () => {
      forgetLocations(queryClient)
      queryClient.clear()
    },
  })
  useQueuedInspectionsSettled()
  const waiting = waitingCount(useWriteQueue().writes)
  const leave = () => void clearWriteQueue().then(() => logout.mutate())
  // Issue 19: the queue and the inspection drafts belong to the session, so logout deletes them; the user is asked first.
  const handleLogout = async () => {
    const drafts = await draftSitesOf(session?.user.username ?? '').catch(() => [])
    if (waiting === 0 && drafts.length === 0) return leave()
    confirmAction({
      title: 'Logout',
      message: [
        waiting > 0 &&
          `${countOf(waiting, 'change')} made on this device ${waiting === 1 ? 'is' : 'are'} still waiting to sync and will be lost if you log out now.`,
        drafts.length > 0 &&
          `${drafts.length === 1 ? 'The inspection draft' : 'The inspection drafts'} of ${drafts.join(', ')} on this device will be deleted.`,
      ]
        .filter(Boolean)
        .join(' '),
      confirm: 'Logout and discard',
      cancel: 'Stay signed in',
      onConfirm: leave,
    })
  }

  const user = session?.user
  const roleLabel = user ? ROLE_LABELS[user.role] : ''

  return (
    <ModalsProvider>
      <AppShell header={{ height: 64 }} padding={0}>
        <AppShell.Header withBorder>
          <Container size="xl" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap">
              <UnstyledButton component={Link} to="/" aria-label="StorageOps Snapshot: Facility Search">
                <AppBrand appName="Snapshot" />
              </UnstyledButton>

              <Group gap="xs" wrap="nowrap">
                <NotificationBell />
                <Group gap="xs" wrap="nowrap" visibleFrom="md">
                  <Button
                    variant="light"
                    leftSection={<IconKey size={18} aria-hidden />}
                    onClick={() => setGateCodeOpened(true)}
                  >
                    Generate Gate Code
                  </Button>
                  <Button
                    component={Link}
                    to="/snapshot/dashboard"
                    variant="subtle"
                    leftSection={<IconLayoutDashboard size={18} aria-hidden />}
                  >
                    Dashboard
                  </Button>
                  <Button
                    component={Link}
                    to="/snapshot/tasks-overview"
                    variant="subtle"
                    leftSection={<IconLayoutList size={18} aria-hidden />}
                  >
                    Task Overview
                  </Button>
                  {user && (
                    <Group
                      gap={8}
                      wrap="nowrap"
                      ml="sm"
                      pl="md"
                      style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}
                    >
                      <SignedInUser name={user.full_name} detail={roleLabel} />
                    </Group>
                  )}
                  <LogoutButton onClick={() => void handleLogout()} isPending={logout.isPending} />
                </Group>

                <Menu opened={menuOpened} onChange={setMenuOpened} position="bottom-end" width={240} shadow="md">
                  <Menu.Target>
                    <Burger opened={menuOpened} hiddenFrom="md" aria-label="Open menu" size="sm" />
                  </Menu.Target>
                  <Menu.Dropdown>
                    {user && (
                      <Menu.Label>
                        <Text fz="sm" fw={600} c="dark.7">
                          {user.full_name}
                        </Text>
                        <Badge variant="light" size="sm" mt={4}>
                          {roleLabel}
                        </Badge>
                      </Menu.Label>
                    )}
                    <Menu.Item leftSection={<IconKey size={18} aria-hidden />} onClick={() => setGateCodeOpened(true)}>
                      Generate Gate Code
                    </Menu.Item>
                    <Menu.Item
                      component={Link}
                      to="/snapshot/dashboard"
                      leftSection={<IconLayoutDashboard size={18} aria-hidden />}
                    >
                      Dashboard
                    </Menu.Item>
                    <Menu.Item
                      component={Link}
                      to="/snapshot/tasks-overview"
                      leftSection={<IconLayoutList size={18} aria-hidden />}
                    >
                      Task Overview
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconLogout size={18} aria-hidden />}
                      onClick={() => void handleLogout()}
                    >
                      Logout
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Group>
          </Container>
        </AppShell.Header>

        <AppShell.Main bg="gray.0" mih="100dvh">
          <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
            {lastFetched && (
              <Alert
                color="yellow"
                variant="light"
                title="Offline"
                mb="md"
                role="status"
                styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
              >
                Showing what this device saved, last fetched {formatDateTime(lastFetched)}.
              </Alert>
            )}
            <SyncPanel />
            {hasTrailingSlash(pathname) ? <NotFoundPage /> : <Outlet />}
          </Container>
        </AppShell.Main>

        <GateCodeModal opened={gateCodeOpened} onClose={() => setGateCodeOpened(false)} />
      </AppShell>
    </ModalsProvider>
  )
}
