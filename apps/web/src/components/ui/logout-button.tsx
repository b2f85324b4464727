import { Button } from '@mantine/core'
import { IconLogout } from '@tabler/icons-react'

export function LogoutButton({
  onClick,
  isPending,
  fullWidth,
}: {
  onClick: () => void
  isPending: boolean
  fullWidth?: boolean
}) {
  return (
    <Button
      variant="default"
      fullWidth={fullWidth}
      leftSection={<IconLogout size={18} aria-hidden />}
      onClick={onClick}
      loading={isPending}
    >
      Logout
    </Button>
  )
}
