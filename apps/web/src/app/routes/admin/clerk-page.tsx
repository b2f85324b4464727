import { Badge, Box, Button, Center, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconClipboardList, IconLogout } from '@tabler/icons-react'
import type { AdminUser } from '@storageops/contracts/identity'
import { AppBrand } from '../../../components/ui/app-brand.tsx'

/**
 * The clerk app for users with is_clerk_role (spec: admin-console-part-2 §1, "not shown in detail"):
 * a signed-in page that says what it is until its own specification arrives.
 */
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
            <Button
              variant="default"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={onLogout}
              loading={isLoggingOut}
            >
              Logout
            </Button>
          </Group>
        </Container>
      </Box>
      <Center component="main" py={80} px="md">
        <Paper withBorder radius="lg" p="xl" maw={560}>
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={64} radius="xl" color="grape" variant="light">
              <IconClipboardList size={34} aria-hidden />
            </ThemeIcon>
            <Badge variant="light" color="grape" c="grape.9">
              Clerk app
            </Badge>
            <Title order={1} fz="h2">
              Welcome, {user.firstName || user.email}
            </Title>
            <Text c="gray.7">
              Your account uses the clerk app, which is separate from the admin console. Its screens arrive with their
              specification; until then there is nothing to do here.
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Box>
  )
}
