import { Box, Container, Group } from '@mantine/core'
import { IconClipboardList } from '@tabler/icons-react'
import type { AdminUser } from '@storageops/contracts/identity'
import { AppBrand } from '../../../components/ui/app-brand.tsx'
import { LogoutButton } from '../../../components/ui/logout-button.tsx'
import { MessagePage } from '../../../components/ui/message-page.tsx'

/** The clerk app (spec: admin-console-part-2 §1, "not shown in detail"): says what it is until specified. */
export function ClerkPage({
  user,
  onLogout,
  isLoggingOut,
}: {
  user: AdminUser
  onLogout: () => void
  isLoggingOut: boolean
}) {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <AppBrand appName="Admin" />
            <LogoutButton onClick={onLogout} isPending={isLoggingOut} />
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <MessagePage
          icon={IconClipboardList}
          color="grape"
          badge="Clerk app"
          title={`Welcome, ${user.firstName || user.email}`}
        >
          Your account uses the clerk app, which is separate from the admin console. Its screens arrive with their
          specification; until then there is nothing to do here.
        </MessagePage>
      </Box>
    </Box>
  )
}
