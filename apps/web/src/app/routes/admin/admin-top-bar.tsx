import { Burger, Button, Collapse, Container, Divider, Group, Stack, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'
import { allowsPage } from '@storageops/contracts/admin-pages'
import type { AdminUser } from '@storageops/contracts/identity'
import { PUBLISHED_CONTENT_PAGES } from '@storageops/contracts/publish-contents'
import { RebuildCmsButton } from '../../../features/content/components/rebuild-cms-button.tsx'
import { MaintenanceToggle } from '../../../features/settings/components/maintenance-toggle.tsx'
import { AppBrand } from '../../../components/ui/app-brand.tsx'
import { LogoutButton } from '../../../components/ui/logout-button.tsx'
import { SignedInUser } from '../../../components/ui/signed-in-user.tsx'

// The top bar shows only what the server would allow this role (DESIGN §5): the maintenance switch
// needs the Settings page, a rebuild needs a page whose content the website publishes.
function controlsFor(user: AdminUser) {
  const allows = (page: string) => allowsPage(user.role, page)
  return { canSwitchMaintenance: allows('/settings'), canRebuild: PUBLISHED_CONTENT_PAGES.some(allows) }
}

/** The admin top bar (spec: admin-console-part-1 §2); on a phone the controls fold under a menu button. */
export function AdminTopBar({
  user,
  onLogout,
  isLoggingOut,
}: {
  user: AdminUser
  onLogout: () => void
  isLoggingOut: boolean
}) {
  const [menuOpened, menu] = useDisclosure(false)
  const { canSwitchMaintenance, canRebuild } = controlsFor(user)
  const who = (
    <SignedInUser
      name={[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
      detail={user.role?.name ?? 'No role'}
    />
  )
  const logout = (fullWidth: boolean) => (
    <LogoutButton onClick={onLogout} isPending={isLoggingOut} fullWidth={fullWidth} />
  )

  return (
    <>
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <UnstyledButton component={Link} to="/" aria-label="StorageOps Admin: home">
              <AppBrand appName="Admin" />
            </UnstyledButton>
            <Button
              component={Link}
              to="/"
              variant="subtle"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              visibleFrom="lg"
            >
              Back To Main Page
            </Button>
          </Group>
          <Group gap="md" wrap="nowrap" visibleFrom="lg">
            {canSwitchMaintenance && <MaintenanceToggle />}
            {canRebuild && <RebuildCmsButton />}
            <Group gap="sm" wrap="nowrap" pl="md" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
              {who}
              {logout(false)}
            </Group>
          </Group>
          <Burger
            opened={menuOpened}
            onClick={menu.toggle}
            hiddenFrom="lg"
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpened}
            aria-controls="admin-top-bar-menu"
          />
        </Group>
      </Container>
      <Collapse expanded={menuOpened} hiddenFrom="lg" id="admin-top-bar-menu">
        <Divider />
        <Container size="xl" py="md">
          <Stack gap="md">
            {who}
            <Button
              component={Link}
              to="/"
              variant="light"
              fullWidth
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={menu.close}
            >
              Back To Main Page
            </Button>
            {canSwitchMaintenance && <MaintenanceToggle />}
            {canRebuild && <RebuildCmsButton fullWidth />}
            {logout(true)}
          </Stack>
        </Container>
      </Collapse>
    </>
  )
}
