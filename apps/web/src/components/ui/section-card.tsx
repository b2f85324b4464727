import { useId, type ReactNode } from 'react'
import { Card, Group, Title } from '@mantine/core'

/** A card that is a region named by its h2 title; `id` makes it a jump target (clear of the 64 px app header). */
export function SectionCard({
  title,
  icon,
  id,
  children,
}: {
  title: string
  icon?: ReactNode
  id?: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      bg="white"
      style={{ scrollMarginTop: 80 }}
    >
      <Group gap="xs" mb="md" wrap="nowrap">
        {icon}
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  )
}
