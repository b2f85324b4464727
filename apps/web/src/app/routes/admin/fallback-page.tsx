import { Button, Center, Code, Stack, Text, Title } from '@mantine/core'
import { Link, useLocation } from 'react-router'

/** Any path outside the route table (spec: admin-console-part-2 §2 "any other path shows a fallback page"). */
export function FallbackPage() {
  const { pathname } = useLocation()
  return (
    <Center py={80}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fw={800} fz={64} c="harbor.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="gray.7">There is no admin page at this address.</Text>
        <Code>{pathname}</Code>
        <Button component={Link} to="/" variant="light">
          Back To Main Page
        </Button>
      </Stack>
    </Center>
  )
}
