import type { ReactNode } from 'react'
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'

export interface Crumb {
  label: ReactNode
  to?: string
}

/**
 * The top of a screen: breadcrumbs or a back link, the h1 with a badge, a description, and actions on the right.
 * `order` 2 heads a section of a screen that has two lists (FAQ).
 */
export function PageHeader({
  title,
  badge,
  description,
  breadcrumbs,
  back,
  actions,
  order = 1,
}: {
  title: ReactNode
  badge?: ReactNode
  description?: ReactNode
  breadcrumbs?: readonly Crumb[]
  back?: { to: string; label: string }
  actions?: ReactNode
  order?: 1 | 2
}) {
  return (
    <Stack gap="xs">
      {breadcrumbs && (
        <Breadcrumbs separator="›">
          {breadcrumbs.map((crumb, index) =>
            crumb.to ? (
              <Anchor key={index} component={Link} to={crumb.to} fz="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={index} fz="sm" c="gray.7">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      {back && (
        <Anchor component={Link} to={back.to} fz="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} miw={0}>
          <Group gap="sm" align="center">
            <Title order={order} fz={order === 1 ? { base: 'h2', sm: 'h1' } : { base: 'h3', sm: 'h2' }}>
              {title}
            </Title>
            {badge}
          </Group>
          {description && (
            <Text c="gray.7" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  )
}
