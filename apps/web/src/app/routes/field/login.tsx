import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { Navigate, useSearchParams } from 'react-router'
import type { FieldUser } from '@storageops/contracts/identity'
import { FieldLoginForm } from '../../../features/identity/components/field-login-form.tsx'
import { nextPathAfterLogin } from '../../../features/identity/next-path.ts'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'
import { SnapshotBrand } from './snapshot-brand.tsx'

/**
 * Login (spec: snapshot-field-tool §2). Once a user is stored, by this form or earlier, the screen
 * moves on to the originally requested page (`next`), else to Facility Search.
 */
export function LoginPage() {
  const session = useStoredSession<FieldUser>('field')
  const [searchParams] = useSearchParams()
  if (session) return <Navigate to={nextPathAfterLogin(searchParams.get('next'))} replace />

  return (
    <Box component="main" mih="100dvh" bg="gray.0" px="md" py={{ base: 'xl', sm: 80 }}>
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <SnapshotBrand size="lg" />
          </Center>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz="h2">
                Sign in
              </Title>
              <Text c="gray.7" fz="sm">
                Use your storage-management system username and password.
              </Text>
            </Stack>
            <FieldLoginForm />
          </Paper>
          <Text ta="center" c="gray.7" fz="xs">
            Field tool for customer service, property managers and regional managers.
          </Text>
        </Stack>
      </Center>
    </Box>
  )
}
