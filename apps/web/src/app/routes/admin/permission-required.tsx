import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { Link } from 'react-router'

/** A page the user's role may not open (spec: admin-console-part-2 §2, §6). */
export function PermissionRequired() {
  return (
    <Center py={80}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconLock size={34} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Permission required!{' '}
          <Text span display="block" fz="lg" fw={400} c="gray.7" mt={6}>
            You're not authorized for this page.
          </Text>
        </Title>
        <Text c="gray.7" fz="sm">
          Ask an administrator to add this page to your role if you need it.
        </Text>
        <Button component={Link} to="/" variant="light">
          Back To Main Page
        </Button>
      </Stack>
    </Center>
  )
}
