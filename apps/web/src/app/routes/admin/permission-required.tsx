import { Button, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { Link } from 'react-router'
import { MessagePage } from '../../../components/ui/message-page.tsx'

/** A page the user's role may not open (spec: admin-console-part-2 §2, §6). */
export function PermissionRequired() {
  return (
    <MessagePage
      icon={IconLock}
      color="red"
      title={
        <>
          Permission required!{' '}
          <Text span display="block" fz="lg" fw={400} c="gray.7" mt={6}>
            You're not authorized for this page.
          </Text>
        </>
      }
      actions={
        <Button component={Link} to="/" variant="light">
          Back To Main Page
        </Button>
      }
    >
      Ask an administrator to add this page to your role if you need it.
    </MessagePage>
  )
}
