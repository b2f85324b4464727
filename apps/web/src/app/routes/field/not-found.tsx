import { Button } from '@mantine/core'
import { IconArrowLeft, IconMapQuestion } from '@tabler/icons-react'
import { Link } from 'react-router'
import { MessagePage } from '../../../components/ui/message-page.tsx'

export function NotFoundPage() {
  return (
    <MessagePage
      icon={IconMapQuestion}
      title="Page Not Found"
      actions={
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Back to Facility Search
        </Button>
      }
    >
      The page or facility you asked for does not exist. Check the address, or find the facility from search.
    </MessagePage>
  )
}
