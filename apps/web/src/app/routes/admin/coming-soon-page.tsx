import { Button, Code, Stack } from '@mantine/core'
import { IconTools } from '@tabler/icons-react'
import { Link, useLocation } from 'react-router'
import { MessagePage } from '../../../components/ui/message-page.tsx'

/** A screen of the route table that is not built yet (issue 3): says so clearly and leads home. */
export function ComingSoonPage({ title }: { title: string }) {
  const { pathname } = useLocation()
  return (
    <MessagePage
      icon={IconTools}
      badge="Coming soon"
      title={title}
      actions={
        <Button component={Link} to="/" variant="light">
          Back To Main Page
        </Button>
      }
    >
      <Stack gap="md" align="center">
        This screen is coming soon. You have access to it; it arrives in a later release of the admin console.
        <Code>{pathname}</Code>
      </Stack>
    </MessagePage>
  )
}
