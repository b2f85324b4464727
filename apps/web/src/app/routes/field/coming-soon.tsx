import { Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconTools } from '@tabler/icons-react'
import { Link, useLocation, useParams } from 'react-router'

function titleFor(pathname: string): string {
  if (pathname.endsWith('/map')) return 'Facility Map'
  if (pathname.includes('/brands-report/')) return 'Brand-Standards Reports'
  if (pathname.endsWith('/dashboard')) return 'Dashboard'
  return 'Coming soon'
}

/**
 * A placeholder for field screens that later releases fill in (dashboard, facility map,
 * brand-standards reports), so their links already lead somewhere sensible.
 */
export function ComingSoonPage() {
  const { pathname } = useLocation()
  const { slug } = useParams()
  const title = titleFor(pathname)
  return (
    <Center py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <IconTools size={56} stroke={1.5} color="var(--mantine-color-harbor-6)" aria-hidden />
        <Title order={1}>{title}</Title>
        <Text c="gray.7">
          This screen is coming in a later release. Facility search and facility details work today.
        </Text>
        <Group justify="center" gap="sm">
          {slug && (
            <Button
              component={Link}
              to={`/${slug}`}
              variant="light"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              Back to facility
            </Button>
          )}
          <Button component={Link} to="/" variant={slug ? 'default' : 'filled'}>
            Facility Search
          </Button>
        </Group>
        <Anchor component={Link} to="/snapshot/tasks-overview" fz="sm">
          Open Task Overview
        </Anchor>
      </Stack>
    </Center>
  )
}
