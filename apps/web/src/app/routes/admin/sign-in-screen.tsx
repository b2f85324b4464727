import type { ReactNode } from 'react'
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { AdminBrand } from './admin-brand.tsx'

/** The sign-in frame shared by /login and /azure: the brand, a card and a footnote. */
export function SignInScreen({ children, subtitle }: { children: ReactNode; subtitle: string }) {
  return (
    <Box component="main" mih="100dvh" bg="gray.0" px="md" py={{ base: 'xl', sm: 80 }}>
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <AdminBrand size="lg" />
          </Center>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz="h2">
                Sign in
              </Title>
              <Text c="gray.7" fz="sm">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Paper>
          <Text ta="center" c="gray.7" fz="xs">
            Internal website for the operator's staff.
          </Text>
        </Stack>
      </Center>
    </Box>
  )
}
