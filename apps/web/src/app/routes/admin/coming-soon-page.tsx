import { Badge, Button, Center, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconTools } from '@tabler/icons-react'
import { Link, useLocation } from 'react-router'

/** A screen of the route table that is not built yet (issue 3): says so clearly and leads home. */
export function ComingSoonPage({ title }: { title: string }) {
  const { pathname } = useLocation()
  return (
    <Center py={80}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" color="harbor" variant="light">
          <IconTools size={34} aria-hidden />
        </ThemeIcon>
        <Badge variant="light" color="harbor" c="harbor.9">
          Coming soon
        </Badge>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="gray.7">
          This screen is coming soon. You have access to it; it arrives in a later release of the admin console.
        </Text>
        <Code>{pathname}</Code>
        <Button component={Link} to="/" variant="light">
          Back To Main Page
        </Button>
      </Stack>
    </Center>
  )
}
