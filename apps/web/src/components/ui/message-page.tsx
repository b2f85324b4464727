import type { ComponentType, ReactNode } from 'react'
import { Badge, Center, Group, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core'
import type { IconProps } from '@tabler/icons-react'

/** A page that only says something (not found, permission required): icon, h1, text, ways on. */
export function MessagePage({
  icon: Icon,
  color = 'harbor',
  badge,
  title,
  children,
  actions,
}: {
  icon: ComponentType<IconProps>
  color?: MantineColor
  badge?: string
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
}) {
  return (
    <Center py={{ base: 48, sm: 80 }} px="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" color={color} variant="light">
          <Icon size={34} aria-hidden />
        </ThemeIcon>
        {badge && (
          <Badge variant="light" color={color} c={`${color}.9`}>
            {badge}
          </Badge>
        )}
        <Title order={1} fz="h2">
          {title}
        </Title>
        {children && (
          <Text c="gray.7" component="div">
            {children}
          </Text>
        )}
        {actions && (
          <Group justify="center" gap="sm">
            {actions}
          </Group>
        )}
      </Stack>
    </Center>
  )
}
