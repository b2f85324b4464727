import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconMapQuestion } from '@tabler/icons-react'
import { Link } from 'react-router'

/** Page Not Found, for /404, unknown slugs and any other path (spec: snapshot-field-tool §2, §8). */
export function NotFoundPage() {
  return (
    <Center py={{ base: 48, sm: 96 }}>
      <Stack align="center" gap="md" maw={460} ta="center">
        <IconMapQuestion size={56} stroke={1.5} color="var(--mantine-color-harbor-6)" aria-hidden />
        <Title order={1}>Page Not Found</Title>
        <Text c="gray.7">
          The page or facility you asked for does not exist. Check the address, or find the facility from search.
        </Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Back to Facility Search
        </Button>
      </Stack>
    </Center>
  )
}
