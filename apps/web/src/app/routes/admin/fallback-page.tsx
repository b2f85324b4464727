import { Button, Code, Stack } from '@mantine/core'
import { IconMapQuestion } from '@tabler/icons-react'
import { Link, useLocation } from 'react-router'
import { MessagePage } from '../../../components/ui/message-page.tsx'

/** Any path outside the route table (spec: admin-console-part-2 §2 "any other path shows a fallback page"). */
export function FallbackPage() {
  const { pathname } = useLocation()
  return (
    <MessagePage
      icon={IconMapQuestion}
      title="Page not found"
      actions={
        <Button component={Link} to="/" variant="light">
          Back To Main Page
        </Button>
      }
    >
      <Stack gap="md" align="center">
        There is no admin page at this address.
        <Code>{pathname}</Code>
      </Stack>
    </MessagePage>
  )
}
