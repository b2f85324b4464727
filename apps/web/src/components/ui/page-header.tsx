import type { ReactNode } from 'react'
import { Anchor, Breadcrumbs, Flex, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'

/** At least 24 px tall, a finger's smallest target (WCAG 2.5.8); Breadcrumbs take it through the Styles API. */
const TAP_TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const

export interface Crumb {
  label: ReactNode
  to?: string
}

/**
 * The top of a screen: breadcrumbs or back link, h1 with badge, description, actions; `order` 2 heads a section (FAQ).
 * On a phone the actions sit under the title at full width.
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
        <Breadcrumbs separator="›" styles={{ breadcrumb: TAP_TARGET }}>
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
        <Anchor component={Link} to={back.to} fz="sm" w="fit-content" style={TAP_TARGET}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        wrap="wrap"
        gap="md"
      >
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
      </Flex>
    </Stack>
  )
}
