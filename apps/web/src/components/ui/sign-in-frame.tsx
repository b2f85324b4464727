import type { ReactNode } from 'react'
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { AppBrand } from './app-brand.tsx'

export function SignInFrame({
  appName,
  subtitle,
  footnote,
  children,
}: {
  appName: string
  subtitle: string
  footnote: string
  children: ReactNode
}) {
  return (
    <Box component="main" mih="100dvh" bg="gray.0" px="md" py={{ base: 'xl', sm: 80 }}>
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <AppBrand appName={appName} size="lg" />
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
            {footnote}
          </Text>
        </Stack>
      </Center>
    </Box>
  )
}
